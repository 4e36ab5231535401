import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isHdf5, openHdf5 } from "../../src/mixed/hdf5/index.js";

/** Whether h5py writes the reference files (CI installs it: there it must). */
const HAS_H5PY =
  spawnSync("/usr/bin/python3", ["-c", "import h5py"], { stdio: "ignore" }).status === 0;
const REQUIRED = process.env.CI === "true";

const SCRIPT = `
import sys, h5py, numpy as np
with h5py.File(sys.argv[1], "w") as f:
    g = f.create_dataset("Mesh/geometry", data=np.arange(12.0).reshape(4, 3))
    g.attrs["unit"] = "m"
    f.create_dataset("Mesh/topology", data=np.array([[0, 1, 2], [1, 2, 3]], dtype=np.int64))
    f.create_dataset("names", data=np.array([b"disp_x\\0\\0", b"temp\\0\\0\\0\\0"], dtype="S8"))
    f.create_dataset("chars", data=np.array([[b"a", b"b", b"", b""], [b"c", b"d", b"e", b""]], dtype="S1"))
`;

describe.skipIf(!HAS_H5PY && !REQUIRED)("the HDF5 face over h5wasm", () => {
  const dir = mkdtempSync(join(tmpdir(), "deforma-h5-"));
  const file = join(dir, "t.h5");
  const made = spawnSync("/usr/bin/python3", ["-c", SCRIPT, file], { encoding: "utf8" });

  it("reads shapes before values, numbers, strings and attributes as h5py wrote them", async () => {
    expect(made.status, made.stderr).toBe(0);
    const bytes = new Uint8Array(readFileSync(file));
    expect(isHdf5(bytes)).toBe(true);
    const f = await openHdf5(bytes);
    if ("error" in f) throw new Error(f.error);
    expect(f.kind("Mesh")).toBe("group");
    expect(f.keys("Mesh").sort()).toEqual(["geometry", "topology"]);
    expect(f.shape("Mesh/geometry")).toEqual([4, 3]);
    const g = f.numbers("Mesh/geometry", 100);
    expect("values" in g && Array.from(g.values)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    const t = f.numbers("Mesh/topology", 100);
    expect("values" in t && Array.from(t.values)).toEqual([0, 1, 2, 1, 2, 3]);
    expect(f.strings("names", 10)).toEqual(["disp_x", "temp"]);
    expect(f.strings("chars", 10)).toEqual(["ab", "cde"]);
    expect(f.attribute("Mesh/geometry", "unit")).toBe("m");
    // A budget is checked before the values are read.
    expect(f.numbers("Mesh/geometry", 11)).toEqual({
      error: "dataset 'Mesh/geometry' has 12 values (at most 11)",
    });
    expect(f.kind("nothing/here")).toBeUndefined();
    f.close();
  });

  it("gives an error, never throws, for bytes HDF5 cannot open", async () => {
    const r = await openHdf5(
      new Uint8Array([0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
    );
    expect("error" in r && r.error).toMatch(/^HDF5 cannot open the file \(.+\)$/);
  });
});
