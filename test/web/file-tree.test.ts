import { describe, expect, it } from "vitest";
import { FORMATS } from "../../src/formats.js";
import {
  buildFileTree as buildTree,
  type TreeFile,
  type TreeNode,
} from "../../web/src/file-tree.js";

/** Files as the server lists them: each with the format its name gives. */
const files = (...paths: string[]): TreeFile[] =>
  paths.map((path) => {
    const format = FORMATS.byName(path)?.id;
    return { path, size: 1, ...(format === undefined ? {} : { format }) };
  });

/** The tree with the registry's series indexes (`indexes: "series"`: a `.pvd`). */
const buildFileTree = (list: readonly TreeFile[]) =>
  buildTree(list, (f) => f.format !== undefined && FORMATS.byId(f.format)?.indexes === "series");

/** The tree as indented lines: `name` for files, `name/` for folders, `name [count]` for series. */
function outline(nodes: readonly TreeNode[], indent = ""): string[] {
  return nodes.flatMap((n) =>
    n.kind === "file"
      ? [`${indent}${n.name}`]
      : n.kind === "folder"
        ? [`${indent}${n.name}/`, ...outline(n.children, `${indent}  `)]
        : [`${indent}${n.name} [${n.count}]`],
  );
}

describe("file tree", () => {
  it("nests folders, folders first, names by code unit", () => {
    const tree = buildFileTree(files("b.amx", "a/x.agr", "a/b/y.agr", "CAD_Matrixes.dat", "a.amx"));
    expect(outline(tree)).toEqual([
      "a/",
      "  b/",
      "    y.agr",
      "  x.agr",
      "CAD_Matrixes.dat",
      "a.amx",
      "b.amx",
    ]);
    const a = tree[0];
    expect(a?.kind === "folder" && a.children[1]).toMatchObject({ kind: "file", path: "a/x.agr" });
  });

  it("collapses a numbered .vtu series and its .pvd into one entry", () => {
    const names = Array.from(
      { length: 192 },
      (_, i) => `out/rod_${String(i).padStart(4, "0")}.vtu`,
    );
    const tree = buildFileTree(files(...names, "out/rod.pvd", "out/other.txt"));
    expect(outline(tree)).toEqual(["out/", "  other.txt", "  rod.pvd [192]"]);
    const out = tree[0];
    const series = out?.kind === "folder" ? out.children[1] : undefined;
    expect(series).toMatchObject({ kind: "series", index: { path: "out/rod.pvd" }, count: 192 });
    if (series?.kind !== "series") throw new Error("expected a series");
    expect(series.children).toHaveLength(193);
    expect(series.children[0]).toMatchObject({ kind: "file", path: "out/rod.pvd" });
    expect(series.children[1]).toMatchObject({ kind: "file", path: "out/rod_0000.vtu" });
  });

  it("collapses the mixed VTK export into one entry: numbered folders, .vtm files and the per-body .pvd files under the model's .pvd", () => {
    const paths = [
      "vtk/model.pvd",
      "vtk/model_rod.pvd",
      "vtk/model_piston.pvd",
      "vtk/modelling.pvd",
    ];
    for (let k = 0; k < 50; k++) {
      const frame = `vtk/model_${String(k).padStart(5, "0")}`;
      paths.push(`${frame}.vtm`, `${frame}/rod.vtu`, `${frame}/piston.vtu`);
    }
    const tree = buildFileTree(files(...paths));
    // `modelling.pvd` is another collection, not a part of the export.
    expect(outline(tree)).toEqual(["vtk/", "  model.pvd [50]", "  modelling.pvd"]);
    const vtk = tree[0];
    const series = vtk?.kind === "folder" ? vtk.children[0] : undefined;
    if (series?.kind !== "series") throw new Error("expected a series");
    // The index, the two per-body indexes, then 50 numbered folders (each with its two .vtu) and 50 .vtm files.
    expect(series.children).toHaveLength(103);
    expect(series.children.slice(0, 3).map((c) => c.path)).toEqual([
      "vtk/model.pvd",
      "vtk/model_piston.pvd",
      "vtk/model_rod.pvd",
    ]);
    expect(series.children.filter((c) => c.kind === "folder")).toHaveLength(50);
  });

  it("shows a series without an index as a pattern, and leaves short runs alone", () => {
    const tree = buildFileTree(files("s/f1.txt", "s/f2.txt", "s/f3.txt", "t/a1.txt", "t/a2.txt"));
    expect(outline(tree)).toEqual(["s/", "  f#.txt [3]", "t/", "  a1.txt", "  a2.txt"]);
  });

  it("keeps different prefixes, suffixes and digit counts apart only by prefix and suffix", () => {
    const tree = buildFileTree(
      files("a_1.vtu", "a_2.vtu", "a_3.vtu", "a_1.vtm", "b_10.vtu", "b_9.vtu", "b_11.vtu"),
    );
    // The pattern has the digits of the first member in natural order (b_9: one).
    expect(outline(tree)).toEqual(["a_#.vtu [3]", "a_1.vtm", "b_#.vtu [3]"]);
  });
});

describe("natural order (decision 169)", () => {
  // decision 169
  it("lists files and a series' members by their numbers: 0, 100, 200, 1000", () => {
    const steps = [0, 100, 1000, 200];
    const tree = buildFileTree(
      files(...steps.map((k) => `VTK/pitzDaily_${k}.vtk`), "run10.txt", "run9.txt"),
    );
    const folder = tree.find((n) => n.kind === "folder")!;
    const series = folder.kind === "folder" ? folder.children[0]! : undefined;
    expect(series?.kind).toBe("series");
    expect(series?.kind === "series" && series.children.map((c) => c.name)).toEqual([
      "pitzDaily_0.vtk",
      "pitzDaily_100.vtk",
      "pitzDaily_200.vtk",
      "pitzDaily_1000.vtk",
    ]);
    expect(outline(tree).slice(-2)).toEqual(["run9.txt", "run10.txt"]);
  });
});
