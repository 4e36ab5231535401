/**
 * Wavefront OBJ reader: `v`, `vt`, `vn` and `f` (polygons, 1-based or
 * negative relative indices, `v`, `v/vt`, `v//vn`, `v/vt/vn` corners).
 * Grouping and material statements are accepted and not used; other
 * geometry (lines, points, free-form) is skipped with a warning. Never
 * throws; every finding is located at its token.
 */

import { type Diagnostic, DiagnosticSink } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { OBJ, type ObjKind } from "./codes.js";
import type { PolyMesh } from "./model.js";

/** Statements that carry no geometry this project uses; accepted silently. */
const QUIET = new Set(["o", "g", "s", "usemtl", "mtllib", "vp"]);

/** What {@link readObj} found: the mesh (undefined when it has no faces) and the findings. */
export interface ObjReadResult {
  readonly model: PolyMesh | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** The arrays a read fills: vertex data as declared, and each face's corners. */
interface ObjArrays {
  readonly positions: number[];
  readonly uvs: number[];
  readonly normals: number[];
  readonly corners: number[];
  readonly cornerUvs: number[];
  readonly cornerNormals: number[];
  readonly faceStart: number[];
}

/** One statement: its words, where each starts in the text, and where the statement ends. */
interface Statement {
  readonly words: readonly string[];
  readonly starts: readonly number[];
  readonly end: number;
}

/** Start of word `k` (the statement's end when there is no such word). */
function at(s: Statement, k: number): number {
  return s.starts[k] ?? s.end;
}

/** End of word `k`. */
function after(s: Statement, k: number): number {
  return at(s, k) + (s.words[k]?.length ?? 0);
}

/** Reads OBJ text. */
export function readObj(text: string): ObjReadResult {
  const sink = new DiagnosticSink<ObjKind>();
  const arrays: ObjArrays = {
    positions: [],
    uvs: [],
    normals: [],
    corners: [],
    cornerUvs: [],
    cornerNormals: [],
    faceStart: [0],
  };
  for (const s of statements(text)) {
    const keyword = s.words[0]!;
    if (keyword === "v" || keyword === "vn" || keyword === "vt")
      readVertexData(sink, arrays, keyword, s);
    else if (keyword === "f") readFace(sink, arrays, s);
    else if (!QUIET.has(keyword)) {
      sink.report(
        OBJ.ignored,
        msg`'${{ keyword }}' statements are not used; the line is skipped`,
        at(s, 0),
        after(s, 0),
      );
    }
  }
  return { model: meshOf(sink, arrays), diagnostics: sink.items };
}

/**
 * The non-empty statements of `text`, one per line, comments (from `#`)
 * left out. The words array is reused from one statement to the next.
 */
function* statements(text: string): Generator<Statement> {
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
    if (words.length > 0) yield { words, starts, end };
    lineStart = lineEnd + 1;
  }
}

/** A `v`, `vn` (3 numbers) or `vt` (1 to 3; u and v kept) statement: missing or bad values read as 0. */
function readVertexData(
  sink: DiagnosticSink<ObjKind>,
  arrays: ObjArrays,
  keyword: "v" | "vn" | "vt",
  s: Statement,
): void {
  const { words } = s;
  const need = keyword === "vt" ? 1 : 3;
  const keep = keyword === "vt" ? 2 : 3;
  const into = keyword === "v" ? arrays.positions : keyword === "vn" ? arrays.normals : arrays.uvs;
  if (words.length - 1 < need) {
    sink.report(
      OBJ.tooFewValues,
      msg`'${{ keyword }}' needs ${need === 1 ? "at least 1 number" : "3 numbers"}, found ${{ found: words.length - 1 }}`,
      at(s, 0),
      after(s, words.length - 1),
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
      sink.report(
        OBJ.notNumber,
        msg`expected a number, found '${{ found: w }}'`,
        at(s, k),
        after(s, k),
      );
      into.push(0);
    } else if (!Number.isFinite(Math.fround(v))) {
      sink.report(
        OBJ.notNumber,
        msg`${{ found: w }} is beyond the float32 range (±3.4e38)`,
        at(s, k),
        after(s, k),
      );
      into.push(0);
    } else into.push(v);
  }
}

/** An `f` statement: its valid corners, or nothing when fewer than 3 are. */
function readFace(sink: DiagnosticSink<ObjKind>, arrays: ObjArrays, s: Statement): void {
  const { words } = s;
  const { corners, cornerUvs, cornerNormals } = arrays;
  const first = corners.length;
  for (let k = 1; k < words.length; k++) readCorner(sink, arrays, s, k);
  if (corners.length - first < 3) {
    corners.length = first;
    cornerUvs.length = first;
    cornerNormals.length = first;
    // A face whose corners were reported already is left out without another finding.
    if (words.length - 1 < 3)
      sink.report(
        OBJ.shortFace,
        msg`a face needs at least 3 corners, found ${{ found: words.length - 1 }}`,
        at(s, 0),
        after(s, words.length - 1),
      );
  } else arrays.faceStart.push(corners.length);
}

/** Corner `k` of a face (`v`, `v/vt`, `v//vn`, `v/vt/vn`), kept when its indices resolve. */
function readCorner(
  sink: DiagnosticSink<ObjKind>,
  arrays: ObjArrays,
  s: Statement,
  k: number,
): void {
  const word = s.words[k]!;
  const parts = word.split("/");
  const ok =
    parts.length <= 3 &&
    parts[0] !== "" &&
    parts.every((p, i) => (i > 0 && p === "") || /^[+-]?\d+$/.test(p));
  if (!ok) {
    sink.report(
      OBJ.badIndex,
      `expected a face corner such as 1, 1/2, 1//3 or 1/2/3, found '${word}'`,
      at(s, k),
      after(s, k),
    );
    return;
  }
  const resolve = (p: string | undefined, count: number, what: string): number => {
    if (p === undefined || p === "") return -1;
    const i = Number(p);
    const index = i > 0 ? i - 1 : count + i;
    if (i === 0 || index < 0 || index >= count) {
      if (i === 0)
        sink.report(OBJ.badIndex, `${what} index 0: OBJ indices start at 1`, at(s, k), after(s, k));
      else {
        const message = msg`${what} ${{ index: i }} is not defined (${{ count }} so far)`;
        sink.report(OBJ.indexRange, message, at(s, k), after(s, k));
      }
      return -2;
    }
    return index;
  };
  const v = resolve(parts[0], arrays.positions.length / 3, "vertex");
  const t = resolve(parts[1], arrays.uvs.length / 2, "texture coordinate");
  const n = resolve(parts[2], arrays.normals.length / 3, "normal");
  if (v < 0 || t === -2 || n === -2) return;
  arrays.corners.push(v);
  arrays.cornerUvs.push(t);
  arrays.cornerNormals.push(n);
}

/** The mesh the arrays hold, or undefined (said) when it has no vertices or faces. */
function meshOf(sink: DiagnosticSink<ObjKind>, a: ObjArrays): PolyMesh | undefined {
  if (a.positions.length === 0 || a.faceStart.length < 2) {
    sink.report(
      OBJ.noFaces,
      msg`no mesh: ${{ vertices: a.positions.length / 3 }} vertices, ${{ faces: a.faceStart.length - 1 }} faces`,
      0,
      0,
    );
    return undefined;
  }
  const model: PolyMesh = {
    positions: Float32Array.from(a.positions),
    corners: Uint32Array.from(a.corners),
    faceStart: Uint32Array.from(a.faceStart),
  };
  if (a.uvs.length > 0) {
    model.uvs = Float32Array.from(a.uvs);
    model.cornerUvs = Int32Array.from(a.cornerUvs);
  }
  if (a.normals.length > 0) {
    model.normals = Float32Array.from(a.normals);
    model.cornerNormals = Int32Array.from(a.cornerNormals);
  }
  return model;
}
