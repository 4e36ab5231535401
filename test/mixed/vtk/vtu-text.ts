/** ASCII `.vtu` text for tests: points, cells and point arrays written out as VTK lays them. */

/** A point array: name, VTK type (default Float64), NumberOfComponents as written, values. */
export interface Arr {
  readonly name: string;
  readonly type?: string;
  /** The NumberOfComponents attribute as written; undefined: left out. */
  readonly comps?: string;
  readonly values: readonly number[];
}

/** An ascii .vtu of `points`, `cells` ([VTK type, …point ids]) and point `arrays`. */
export function vtu(
  points: readonly number[][],
  cells: readonly number[][],
  arrays: readonly Arr[],
) {
  let end = 0;
  const offsets = cells.map((c) => (end += c.length - 1));
  const data = arrays
    .map(
      (a) =>
        `<DataArray type="${a.type ?? "Float64"}" Name="${a.name}"${a.comps === undefined ? "" : ` NumberOfComponents="${a.comps}"`} format="ascii">${a.values.join(" ")}</DataArray>`,
    )
    .join("\n");
  return `<?xml version="1.0"?>
<VTKFile type="UnstructuredGrid" version="1.0" byte_order="LittleEndian" header_type="UInt64">
<UnstructuredGrid>
<Piece NumberOfPoints="${points.length}" NumberOfCells="${cells.length}">
<PointData>
${data}
</PointData>
<Points><DataArray type="Float64" NumberOfComponents="3" format="ascii">${points.flat().join(" ")}</DataArray></Points>
<Cells>
<DataArray type="Int64" Name="connectivity" format="ascii">${cells.flatMap((c) => c.slice(1)).join(" ")}</DataArray>
<DataArray type="Int64" Name="offsets" format="ascii">${offsets.join(" ")}</DataArray>
<DataArray type="UInt8" Name="types" format="ascii">${cells.map((c) => c[0]).join(" ")}</DataArray>
</Cells>
</Piece>
</UnstructuredGrid>
</VTKFile>
`;
}

/** A `.pvd` naming `files` at `times`. */
export function pvd(files: readonly string[], times: readonly number[]): string {
  const sets = files
    .map((f, k) => `<DataSet timestep="${times[k]}" part="0" file="${f}"/>`)
    .join("\n");
  return `<?xml version="1.0"?>
<VTKFile type="Collection" version="0.1" byte_order="LittleEndian">
<Collection>
${sets}
</Collection>
</VTKFile>
`;
}

/** The unit cube's corners in VTK hexahedron order. */
export const CUBE = [
  [0, 0, 0],
  [1, 0, 0],
  [1, 1, 0],
  [0, 1, 0],
  [0, 0, 1],
  [1, 0, 1],
  [1, 1, 1],
  [0, 1, 1],
];

/**
 * A solver-like series of one hexahedron over `times`: `.vtu` texts by file
 * name `<stem>_<k>.vtu` plus `<stem>.pvd`. Frame k has point arrays `U` (z
 * displacement k·0.1·z, 3 components) and `T` (300 + k + x), unless `arrays`
 * says which ones to write.
 */
export function cubeSeries(
  stem: string,
  times: readonly number[],
  arrays: readonly ("U" | "T" | "a" | "b" | "displacement")[] = ["U", "T"],
): Record<string, string> {
  const out: Record<string, string> = {};
  const files = times.map((_, k) => `${stem}_${k}.vtu`);
  times.forEach((_, k) => {
    const all: Record<string, Arr> = {
      U: { name: "U", comps: "3", values: CUBE.flatMap((p) => [0, 0, k * 0.1 * p[2]!]) },
      displacement: {
        name: "displacement",
        comps: "3",
        values: CUBE.flatMap((p) => [0, 0, k * 0.1 * p[2]!]),
      },
      T: { name: "T", values: CUBE.map((p) => 300 + k + p[0]!) },
      a: { name: "a", values: CUBE.map((p) => k + p[1]!) },
      b: { name: "b", values: CUBE.map(() => -k) },
    };
    out[files[k]!] = vtu(
      CUBE,
      [[12, 0, 1, 2, 3, 4, 5, 6, 7]],
      arrays.map((n) => all[n]!),
    );
  });
  // The .pvd names its files relative to its own folder.
  out[`${stem}.pvd`] = pvd(
    files.map((f) => f.slice(f.lastIndexOf("/") + 1)),
    times,
  );
  return out;
}
