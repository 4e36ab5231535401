/**
 * The HDF5 face's numbers as XDMF reads them: 64-bit integers (DOLFINx's
 * topology) converted from their 32-bit halves, negative and past 2³² too;
 * doubles handed over as they are. Skipped without h5py; required in CI.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openHdf5 } from "../../../src/mixed/hdf5/index.js";

const HAS_H5PY =
  spawnSync("/usr/bin/python3", ["-c", "import h5py"], { stdio: "ignore" }).status === 0;
const REQUIRED = process.env.CI === "true";

const SCRIPT = `
import sys, h5py, numpy as np
with h5py.File(sys.argv[1], "w") as f:
    f["i64"] = np.array([0, -1, 2**32 + 5, -(2**40) - 3, 2**52], dtype=np.int64)
    f["u64"] = np.array([0, 2**32 - 1, 2**33 + 1], dtype=np.uint64)
    f["i32"] = np.array([-7, 9], dtype=np.int32)
    f["f64"] = np.array([0.5, -1e300], dtype=np.float64)
`;

describe.skipIf(!HAS_H5PY && !REQUIRED)("HDF5 numbers of every width", () => {
  it("reads int64, uint64, int32 and float64 datasets exactly", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "deforma-h5n-")), "n.h5");
    const made = spawnSync("/usr/bin/python3", ["-c", SCRIPT, file], { encoding: "utf8" });
    expect(made.status, made.stderr).toBe(0);
    const f = await openHdf5(new Uint8Array(readFileSync(file)));
    if ("error" in f) throw new Error(f.error);
    const values = (path: string) => {
      const r = f.numbers(path, 10);
      return "values" in r ? [...r.values] : r.error;
    };
    expect(values("i64")).toEqual([0, -1, 2 ** 32 + 5, -(2 ** 40) - 3, 2 ** 52]);
    expect(values("u64")).toEqual([0, 2 ** 32 - 1, 2 ** 33 + 1]);
    expect(values("i32")).toEqual([-7, 9]);
    expect(values("f64")).toEqual([0.5, -1e300]);
    f.close();
  });
});
