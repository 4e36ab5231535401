/** Wavefront OBJ writer: `v`, `vt`, `vn`, then `f` with 1-based indices; float32 values in their shortest exact form. */
import { formatFloat32 } from "../../core/numbers.js";
import type { PolyMesh } from "./model.js";

/** The mesh as OBJ text; `comment` (one line) heads the file when given. */
export function writeObj(mesh: PolyMesh, comment?: string): string {
  const lines: string[] = [];
  if (comment !== undefined) lines.push(`# ${comment.replace(/[\r\n]+/g, " ")}`);
  const vectors = (keyword: string, values: Float32Array, size: number) => {
    for (let i = 0; i + size <= values.length; i += size) {
      let line = keyword;
      for (let k = 0; k < size; k++) line += ` ${formatFloat32(values[i + k]!)}`;
      lines.push(line);
    }
  };
  vectors("v", mesh.positions, 3);
  if (mesh.uvs) vectors("vt", mesh.uvs, 2);
  if (mesh.normals) vectors("vn", mesh.normals, 3);
  const { corners, faceStart, cornerUvs, cornerNormals } = mesh;
  for (let f = 0; f + 1 < faceStart.length; f++) {
    let line = "f";
    for (let c = faceStart[f]!; c < faceStart[f + 1]!; c++) {
      const t = cornerUvs?.[c] ?? -1;
      const n = cornerNormals?.[c] ?? -1;
      line += ` ${corners[c]! + 1}`;
      if (t >= 0 || n >= 0) line += `/${t >= 0 ? t + 1 : ""}`;
      if (n >= 0) line += `/${n + 1}`;
    }
    lines.push(line);
  }
  return `${lines.join("\n")}\n`;
}
