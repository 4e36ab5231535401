/**
 * Bringing a drop into the project: dropped folders walked (entries read in
 * batches, as Chromium gives them), script-made drops read from their files,
 * and the plan for a series: a new `imported/<name>/` folder that holds no
 * existing path, and the index to open.
 */
import { describe, expect, it } from "vitest";
import { formatInfo } from "../../src/core/formats/reply.js";
import { FORMATS } from "../../src/formats.js";
import { planImport, seriesIndex, walkEntries } from "../../web/src/import-drop.js";

/** The formats as the server sends them with the file list. */
const INFO = FORMATS.formats.map(formatInfo);

/** A fake file-system entry: a file, or a folder whose reader returns `batch` entries at a time. */
function entry(name: string, children?: FileSystemEntry[], batch = 2): FileSystemEntry {
  if (!children) {
    const file = new File([name], name);
    return {
      name,
      isFile: true,
      isDirectory: false,
      file: (ok: (f: File) => void) => ok(file),
    } as unknown as FileSystemEntry;
  }
  return {
    name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok: (e: FileSystemEntry[]) => void) => {
          ok(children.slice(at, at + batch));
          at += batch;
        },
      };
    },
  } as unknown as FileSystemEntry;
}

describe("walkEntries", () => {
  it("walks a dropped folder, every batch of every subfolder", async () => {
    const dropped = entry("results", [
      entry("beam.pvd"),
      entry("beam_0.vtu"),
      entry("beam_1.vtu"),
      entry("mesh", [entry("a.vtu"), entry("b.vtu"), entry("c.vtu")]),
      entry("beam_2.vtu"),
    ]);
    const files = await walkEntries([dropped], []);
    expect(files.map((f) => f.path)).toEqual([
      "results/beam.pvd",
      "results/beam_0.vtu",
      "results/beam_1.vtu",
      "results/beam_2.vtu",
      "results/mesh/a.vtu",
      "results/mesh/b.vtu",
      "results/mesh/c.vtu",
    ]);
    expect(await files[0]!.file.text()).toBe("beam.pvd");
  });

  // decision 169
  it("lists a dropped numbered series in natural order", async () => {
    const names = [0, 100, 1000, 200].map((k) => `pitzDaily_${k}.vtk`);
    const files = await walkEntries(
      [
        entry(
          "VTK",
          names.map((n) => entry(n)),
        ),
      ],
      [],
    );
    expect(files.map((f) => f.path)).toEqual(
      [0, 100, 200, 1000].map((k) => `VTK/pitzDaily_${k}.vtk`),
    );
  });

  it("takes the files of a drop without entries (made by a script)", async () => {
    const files = await walkEntries([], [new File(["x"], "a.vtu"), new File(["y"], "a.pvd")]);
    expect(files.map((f) => f.path)).toEqual(["a.vtu", "a.pvd"]);
  });
});

describe("planImport", () => {
  const drop = (...paths: string[]) => paths.map((path) => ({ path, file: new File([], path) }));

  // decision 45
  it("puts a dropped folder under imported/<folder>/ and opens its .pvd", () => {
    const plan = planImport(drop("results/beam.pvd", "results/vtu/beam_0.vtu"), ["a.amx"], INFO);
    expect(plan?.folder).toBe("imported/results");
    expect(plan?.files.map((f) => f.target)).toEqual([
      "imported/results/beam.pvd",
      "imported/results/vtu/beam_0.vtu",
    ]);
    expect(plan?.open).toBe("imported/results/beam.pvd");
  });

  // decision 45
  it("names loose files' folder after the index and never reuses a folder", () => {
    const existing = ["imported/beam/beam.pvd", "imported/beam-2/x", "imported/beam-30/y"];
    const plan = planImport(drop("beam_0.vtu", "beam.pvd"), existing, INFO);
    expect(plan?.folder).toBe("imported/beam-3");
    expect(plan?.open).toBe("imported/beam-3/beam.pvd");
  });

  it("leaves a drop without a series index to the plain upload", () => {
    expect(planImport(drop("notes.txt", "rod.agr"), [], INFO)).toBeUndefined();
  });

  // decision 151
  it("prefers the shallowest .pvd, then .series, then .vtm", () => {
    expect(seriesIndex(["r/deep/x.pvd", "r/a.vtm", "r/top.pvd"], INFO)).toBe("r/top.pvd");
    expect(seriesIndex(["r/a.vtm", "r/b.series"], INFO)).toBe("r/b.series");
    expect(seriesIndex(["r/a.vtm", "r/b.series", "r/deep/c.pvd"], INFO)).toBe("r/deep/c.pvd");
    expect(seriesIndex(["r/a.vtu"], INFO)).toBeUndefined();
    // Without the registry's formats no name is an index.
    expect(seriesIndex(["r/top.pvd"], [])).toBeUndefined();
  });
});
