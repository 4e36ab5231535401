/**
 * Wavefront OBJ reader: `v`, `vt`, `vn` and `f` (polygons, 1-based or
 * negative relative indices, `v`, `v/vt`, `v//vn`, `v/vt/vn` corners).
 * Grouping and material statements are accepted and not used; other
 * geometry (lines, points, free-form) is skipped with a warning. Never
 * throws; every finding is located at its token.
 */
import { type Diagnostic, DiagnosticSink } from "../../core/diagnostics.js";
import { OBJ, type ObjKind } from "./codes.js";
import type { PolyMesh } from "./model.js";

/** Statements that carry no geometry this project uses; accepted silently. */
const QUIET = new Set(["o", "g", "s", "usemtl", "mtllib", "vp"]);

/** What {@link readObj} found: the mesh (undefined when it has no faces) and the findings. */
export interface ObjReadResult {
  readonly model: PolyMesh | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** Reads OBJ text. */
export function readObj(text: string): ObjReadResult {
  const sink = new DiagnosticSink<ObjKind>();
  const positions: number[] = [];
  const uvs: number[] = [];
  const normals: number[] = [];
  const corners: number[] = [];
  const cornerUvs: number[] = [];
  const cornerNormals: number[] = [];
  const faceStart: number[] = [0];
  const token = /\S+/g;
  const words: string[] = [];
  const starts: number[] = [];
  let lineStart = 0;
  // The next '#' at or after lineStart (-1: none left): searched again only once passed, so the
  // whole file is scanned once, not once per line.
  let hash = text.indexOf("#");
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    if (hash >= 0 && hash < lineStart) hash = text.indexOf("#", lineStart);
    const end = hash >= 0 && hash < lineEnd ? hash : lineEnd;
    words.length = 0;
    starts.length = 0;
    // Tokens of this line only (a search over the whole text would cross blank lines each time).
    const line = text.slice(lineStart, end);
    token.lastIndex = 0;
    for (let m = token.exec(line); m; m = token.exec(line)) {
      words.push(m[0]);
      starts.push(lineStart + m.index);
    }
    if (words.length > 0) {
      const keyword = words[0]!;
      const at = (k: number) => starts[k] ?? end;
      const after = (k: number) => at(k) + (words[k]?.length ?? 0);
      if (keyword === "v" || keyword === "vn" || keyword === "vt") {
        const need = keyword === "vt" ? 1 : 3;
        const keep = keyword === "vt" ? 2 : 3;
        const into = keyword === "v" ? positions : keyword === "vn" ? normals : uvs;
        if (words.length - 1 < need) {
          sink.report(
            OBJ.tooFewValues,
            `'${keyword}' needs ${need === 1 ? "at least 1 number" : "3 numbers"}, found ${words.length - 1}`,
            at(0),
            after(words.length - 1),
          );
        }
        for (let k = 1; k <= keep; k++) {
          const w = words[k];
          if (w === undefined) {
            into.push(0);
            continue;
          }
          const v = Number(w);
          if (!Number.isFinite(v)) {
            sink.report(OBJ.notNumber, `expected a number, found '${w}'`, at(k), after(k));
            into.push(0);
          } else if (!Number.isFinite(Math.fround(v))) {
            sink.report(
              OBJ.notNumber,
              `${w} is beyond the float32 range (±3.4e38)`,
              at(k),
              after(k),
            );
            into.push(0);
          } else into.push(v);
        }
      } else if (keyword === "f") {
        const first = corners.length;
        for (let k = 1; k < words.length; k++) {
          const parts = words[k]!.split("/");
          const ok =
            parts.length <= 3 &&
            parts[0] !== "" &&
            parts.every((p, i) => (i > 0 && p === "") || /^[+-]?\d+$/.test(p));
          if (!ok) {
            sink.report(
              OBJ.badIndex,
              `expected a face corner such as 1, 1/2, 1//3 or 1/2/3, found '${words[k]}'`,
              at(k),
              after(k),
            );
            continue;
          }
          const resolve = (p: string | undefined, count: number, what: string): number => {
            if (p === undefined || p === "") return -1;
            const i = Number(p);
            const index = i > 0 ? i - 1 : count + i;
            if (i === 0 || index < 0 || index >= count) {
              sink.report(
                i === 0 ? OBJ.badIndex : OBJ.indexRange,
                i === 0
                  ? `${what} index 0: OBJ indices start at 1`
                  : `${what} ${i} is not defined (${count} so far)`,
                at(k),
                after(k),
              );
              return -2;
            }
            return index;
          };
          const v = resolve(parts[0], positions.length / 3, "vertex");
          const t = resolve(parts[1], uvs.length / 2, "texture coordinate");
          const n = resolve(parts[2], normals.length / 3, "normal");
          if (v < 0 || t === -2 || n === -2) continue;
          corners.push(v);
          cornerUvs.push(t);
          cornerNormals.push(n);
        }
        if (corners.length - first < 3) {
          corners.length = first;
          cornerUvs.length = first;
          cornerNormals.length = first;
          // A face whose corners were reported already is left out without another finding.
          if (words.length - 1 < 3)
            sink.report(
              OBJ.shortFace,
              `a face needs at least 3 corners, found ${words.length - 1}`,
              at(0),
              after(words.length - 1),
            );
        } else faceStart.push(corners.length);
      } else if (!QUIET.has(keyword)) {
        sink.report(
          OBJ.ignored,
          `'${keyword}' statements are not used; the line is skipped`,
          at(0),
          after(0),
        );
      }
    }
    lineStart = lineEnd + 1;
  }
  if (positions.length === 0 || faceStart.length < 2) {
    sink.report(
      OBJ.noFaces,
      `no mesh: ${positions.length / 3} vertices, ${faceStart.length - 1} faces`,
      0,
      0,
    );
    return { model: undefined, diagnostics: sink.items };
  }
  const model: PolyMesh = {
    positions: Float32Array.from(positions),
    corners: Uint32Array.from(corners),
    faceStart: Uint32Array.from(faceStart),
  };
  if (uvs.length > 0) {
    model.uvs = Float32Array.from(uvs);
    model.cornerUvs = Int32Array.from(cornerUvs);
  }
  if (normals.length > 0) {
    model.normals = Float32Array.from(normals);
    model.cornerNormals = Int32Array.from(cornerNormals);
  }
  return { model, diagnostics: sink.items };
}
