/**
 * Reading a legacy VTK file (`# vtk DataFile Version 2.0` … `5.1`), ASCII or
 * BINARY (big-endian), DATASET UNSTRUCTURED_GRID or POLYDATA, into the same
 * frame the XML readers make (docs/formats/exports.md, "Legacy .vtk").
 *
 * The file is read as a sequence of keywords, each followed by its counts
 * and data: POINTS, CELLS (the 4.x stream `n id…` or the 5.x OFFSETS and
 * CONNECTIVITY), CELL_TYPES, VERTICES, LINES, POLYGONS, TRIANGLE_STRIPS,
 * POINT_DATA and CELL_DATA with their attributes (SCALARS, VECTORS, NORMALS,
 * TENSORS, TENSORS6, TEXTURE_COORDINATES, FIELD, …) and METADATA blocks.
 * Point data is kept; cell data is parsed past and dropped. Every declared
 * count is checked against the bytes left before anything is allocated.
 * Never throws: problems become diagnostics at byte offsets (for an ASCII
 * file, the offsets of its text, shown as line and column).
 */
import type { Reporter } from "../../core/diagnostics.js";
import { parseNumber } from "../../core/tokenizer.js";
import { mapCells } from "./cells.js";
import { VTK } from "./codes.js";
import type { VtkFrame } from "./model.js";
import { type DecodedArray, type MemoryBudget, READ_BUDGET_BYTES } from "./read-data.js";

/** Whether `bytes` start like a legacy VTK file (`# vtk DataFile`, after blanks). */
export function isLegacyVtk(bytes: Uint8Array): boolean {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && bytes[i]! <= 0x20) i++;
  return /^# vtk DataFile/i.test(latin1(bytes.subarray(i, i + 14)));
}

/** What {@link readLegacyVtk} found: the frame (undefined when it cannot be read) and the text locating its findings. */
export interface LegacyRead {
  readonly frame: VtkFrame | undefined;
  /** The file as text (one character per byte) when it is ASCII; undefined for BINARY (findings at byte offsets). */
  readonly text: string | undefined;
}

/** Byte size and signedness of each legacy data type (`f`: IEEE float). */
const TYPES: Record<string, readonly [size: number, kind: "i" | "u" | "f"]> = {
  unsigned_char: [1, "u"],
  char: [1, "i"],
  signed_char: [1, "i"],
  short: [2, "i"],
  unsigned_short: [2, "u"],
  int: [4, "i"],
  unsigned_int: [4, "u"],
  long: [8, "i"],
  unsigned_long: [8, "u"],
  vtktypeint64: [8, "i"],
  vtktypeuint64: [8, "u"],
  vtkidtype: [4, "i"],
  float: [4, "f"],
  double: [8, "f"],
};

/** The attribute keywords of POINT_DATA and CELL_DATA. */
const ATTRIBUTES = new Set([
  "scalars",
  "color_scalars",
  "lookup_table",
  "vectors",
  "normals",
  "texture_coordinates",
  "tensors",
  "tensors6",
  "field",
  "global_ids",
  "pedigree_ids",
  "edge_flags",
]);

/** PolyData sections in VTK's cell order, and the VTK cell type each is read as (see read-poly.ts). */
const POLY_SECTIONS = [
  ["vertices", 2],
  ["lines", 4],
  ["polygons", 7],
  ["triangle_strips", 6],
] as const;

/** Cells as read: per cell its VTK type and end offset into `conn`. */
interface RawCells {
  readonly ends: ArrayLike<number>;
  readonly conn: ArrayLike<number>;
  readonly at: number;
}

/** Thrown inside the reader to stop at a finding already reported; caught in {@link readLegacyVtk}. */
class Stop {}

function latin1(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192)
    s += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 8192)));
  return s;
}

/** A token of the file: its bytes `[start, end)`. */
interface Token {
  readonly start: number;
  readonly end: number;
  /** Its text as written. */
  readonly s: string;
  /** Lower-cased, for keywords. */
  readonly k: string;
}

/** Reads the legacy VTK file `bytes` (named `file`); see the module comment. */
export function readLegacyVtk(
  file: string,
  bytes: Uint8Array,
  sink: Reporter,
  budget: MemoryBudget,
): LegacyRead {
  const r = new LegacyReader(bytes, sink, budget);
  let frame: VtkFrame | undefined;
  try {
    r.header();
    r.body();
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
  }
  try {
    frame = r.frame(file);
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
  }
  return { frame, text: r.text };
}

class LegacyReader {
  pos = 0;
  binary = false;
  version = 0;
  /** The file as text when ASCII (numbers are parsed from it). */
  text: string | undefined;
  datasetAt = 0;
  kind: "unstructured_grid" | "polydata" | undefined;
  points: Float64Array | undefined;
  pointCount = 0;
  cells: RawCells | undefined;
  cellTypes: { values: Float64Array; at: number } | undefined;
  readonly poly = new Map<string, RawCells>();
  readonly pointData: DecodedArray[] = [];
  time: number | undefined;
  /** Where attributes go now: point data (`n` tuples), cell data, or the dataset's field data. */
  target:
    | { readonly what: "point" | "cell"; readonly n: number; readonly keep: boolean }
    | undefined;

  constructor(
    readonly bytes: Uint8Array,
    readonly sink: Reporter,
    readonly budget: MemoryBudget,
  ) {}

  /** Reports a finding at `[start, end)` and stops reading. */
  fail(
    kind: (typeof VTK)[keyof typeof VTK],
    message: string,
    start: number,
    end = start + 1,
  ): never {
    this.sink.report(kind, message, start, Math.min(end, Math.max(start, this.bytes.length)));
    throw new Stop();
  }

  /** The next whitespace-separated token, or undefined at the end. */
  token(): Token | undefined {
    const b = this.bytes;
    let i = this.pos;
    while (i < b.length && b[i]! <= 0x20) i++;
    if (i >= b.length) {
      this.pos = i;
      return undefined;
    }
    const start = i;
    while (i < b.length && b[i]! > 0x20) i++;
    this.pos = i;
    const s = latin1(b.subarray(start, Math.min(i, start + 256)));
    return { start, end: i, s, k: s.toLowerCase() };
  }

  /** The next token on the current line only (undefined at the line's end). */
  tokenOnLine(): Token | undefined {
    const b = this.bytes;
    let i = this.pos;
    while (i < b.length && (b[i] === 0x20 || b[i] === 0x09)) i++;
    this.pos = i;
    if (i >= b.length || b[i] === 0x0a || b[i] === 0x0d) return undefined;
    return this.token();
  }

  /** The next token, which must be there (`what` names it in the finding). */
  need(what: string): Token {
    const t = this.token();
    if (!t) this.fail(VTK.legacySyntax, `the file ends where ${what} is expected`, this.end());
    return t;
  }

  /** A count (a non-negative integer token). */
  count(what: string): number {
    const t = this.need(what);
    const n = Number(t.s);
    if (!(Number.isSafeInteger(n) && n >= 0 && /^\+?\d+$/.test(t.s)))
      this.fail(VTK.legacySyntax, `${what} must be a count, not '${t.s}'`, t.start, t.end);
    return n;
  }

  /** A data type token, known to this reader. */
  type(what: string): Token {
    const t = this.need(`the data type of ${what}`);
    if (!(t.k in TYPES) && t.k !== "bit" && t.k !== "string" && t.k !== "utf8_string")
      this.fail(
        VTK.dataArray,
        `${what}: unknown data type '${t.s}' (bit, char … unsigned_long, vtktypeint64, vtkIdType, float, double, string expected)`,
        t.start,
        t.end,
      );
    return t;
  }

  /** The offset of the file's end (for findings there). */
  end(): number {
    return Math.max(0, this.bytes.length - 1);
  }

  /** Moves past the rest of the current line (binary data starts on the next). */
  nextLine(): void {
    const b = this.bytes;
    let i = this.pos;
    while (i < b.length && b[i] !== 0x0a) i++;
    this.pos = Math.min(b.length, i + 1);
  }

  /** The first lines: version, title, ASCII or BINARY, DATASET and its type. */
  header(): void {
    const b = this.bytes;
    const first = this.token();
    const line = (() => {
      const start = first?.start ?? 0;
      let i = start;
      while (i < b.length && b[i] !== 0x0a && b[i] !== 0x0d && i - start < 256) i++;
      return latin1(b.subarray(start, i));
    })();
    const m = /^# vtk DataFile Version (\d+)\.(\d+)/i.exec(line);
    if (!m) {
      this.fail(
        VTK.fileType,
        `'${line.slice(0, 40)}' is not a legacy VTK header ('# vtk DataFile Version 2.0' … '5.1')`,
        first?.start ?? 0,
      );
    }
    this.version = Number(m[1]) + Number(m[2]) / 10;
    this.pos = first!.start;
    this.nextLine(); // the version line
    this.nextLine(); // the title
    const enc = this.need("ASCII or BINARY");
    if (enc.k === "binary") this.binary = true;
    else if (enc.k !== "ascii")
      this.fail(
        VTK.encoding,
        `'${enc.s}' is not ASCII or BINARY (the third line of a legacy VTK file)`,
        enc.start,
        enc.end,
      );
    this.text = this.binary ? undefined : latin1(b);
    const dataset = this.need("DATASET");
    if (dataset.k !== "dataset")
      this.fail(
        VTK.fileType,
        `'${dataset.s}' where DATASET is expected: a legacy file of field data only is not a mesh`,
        dataset.start,
        dataset.end,
      );
    this.datasetAt = dataset.start;
    const kind = this.need("the DATASET type");
    if (kind.k !== "unstructured_grid" && kind.k !== "polydata")
      this.fail(
        VTK.fileType,
        `DATASET ${kind.s}: only UNSTRUCTURED_GRID and POLYDATA are read`,
        kind.start,
        kind.end,
      );
    this.kind = kind.k;
  }

  /** The keywords after DATASET, to the end of the file. */
  body(): void {
    for (;;) {
      const t = this.token();
      if (!t) return;
      const k = t.k;
      if (k === "points") {
        const n = this.count("the POINTS count");
        const type = this.type("POINTS");
        const v = this.values(3 * n, type, "POINTS", t.start, true)!;
        this.points = v;
        this.pointCount = n;
      } else if (k === "cells") {
        this.cells = this.cellArrays("CELLS", t.start);
      } else if (k === "cell_types") {
        const n = this.count("the CELL_TYPES count");
        this.cellTypes = {
          values: this.values(n, this.fixedType("int"), "CELL_TYPES", t.start, true)!,
          at: t.start,
        };
      } else if (POLY_SECTIONS.some(([s]) => s === k)) {
        this.poly.set(k, this.cellArrays(t.s.toUpperCase(), t.start));
      } else if (k === "point_data" || k === "cell_data") {
        const n = this.count(`the ${t.s.toUpperCase()} count`);
        const point = k === "point_data";
        // Point data for another number of points than POINTS declares is parsed past.
        const fits = !point || n === this.pointCount;
        if (!fits)
          this.sink.report(
            VTK.arrayLength,
            `POINT_DATA ${n} for ${this.pointCount} points: its arrays are left out`,
            t.start,
            t.end,
          );
        this.target = { what: point ? "point" : "cell", n, keep: point && fits };
      } else if (k === "metadata") {
        this.metadata();
      } else if (ATTRIBUTES.has(k) && (this.target || k === "field")) {
        this.attribute(t);
      } else {
        this.fail(
          VTK.legacySyntax,
          `'${t.s}' is not a keyword of a legacy ${this.kind === "polydata" ? "POLYDATA" : "UNSTRUCTURED_GRID"} file here`,
          t.start,
          t.end,
        );
      }
    }
  }

  /** A type token made up for arrays whose type the format fixes (CELL_TYPES: int). */
  fixedType(s: string): Token {
    return { start: this.pos, end: this.pos, s, k: s };
  }

  /**
   * The arrays of CELLS or a PolyData section: `n size` then, before 5.0,
   * `size` integers (each cell's point count, then its points); from 5.0,
   * `OFFSETS type` (n values, from 0) and `CONNECTIVITY type` (size values).
   */
  cellArrays(what: string, at: number): RawCells {
    const n = this.count(`the ${what} count`);
    const size = this.count(`the ${what} size`);
    if (this.version >= 5) {
      const o = this.need(`OFFSETS of ${what}`);
      if (o.k !== "offsets")
        this.fail(VTK.legacySyntax, `'${o.s}' where OFFSETS is expected`, o.start, o.end);
      const offsets = this.values(n, this.type("OFFSETS"), "OFFSETS", o.start, true)!;
      const c = this.need(`CONNECTIVITY of ${what}`);
      if (c.k !== "connectivity")
        this.fail(VTK.legacySyntax, `'${c.s}' where CONNECTIVITY is expected`, c.start, c.end);
      const conn = this.values(size, this.type("CONNECTIVITY"), "CONNECTIVITY", c.start, true)!;
      if (n === 0 && size === 0) return { ends: offsets, conn, at };
      let ok = n >= 1 && offsets[0] === 0 && offsets[n - 1] === size;
      for (let k = 1; ok && k < n; k++) ok = offsets[k]! >= offsets[k - 1]!;
      if (!ok)
        this.fail(
          VTK.cellNodes,
          `${what}: the ${n} offsets must rise from 0 to the ${size} connectivity entries`,
          o.start,
          o.end,
        );
      return { ends: offsets.subarray(1), conn, at };
    }
    const stream = this.values(size, this.fixedType("int"), what, at, true)!;
    const ends = new Float64Array(n);
    const conn = new Float64Array(Math.max(0, size - n));
    let i = 0;
    let c = 0;
    for (let k = 0; k < n; k++) {
      const count = stream[i++];
      if (count === undefined || !(Number.isInteger(count) && count >= 0) || i + count > size)
        this.fail(
          VTK.cellNodes,
          `${what}: cell ${k} of ${n} declares ${count ?? "no"} points, past the ${size} values of the section`,
          at,
          at + what.length,
        );
      conn.set(stream.subarray(i, i + count), c);
      i += count;
      c += count;
      ends[k] = c;
    }
    if (i !== size)
      this.fail(
        VTK.cellNodes,
        `${what}: ${n} cells take ${i} values, the section declares ${size}`,
        at,
        at + what.length,
      );
    return { ends, conn, at };
  }

  /** Skips a METADATA block: its lines up to the first blank one. */
  metadata(): void {
    const b = this.bytes;
    this.nextLine();
    while (this.pos < b.length) {
      const start = this.pos;
      this.nextLine();
      let blank = true;
      for (let i = start; i < this.pos && blank; i++) blank = b[i]! <= 0x20;
      if (blank) return;
    }
  }

  /** One attribute of POINT_DATA or CELL_DATA (or a dataset FIELD). */
  attribute(t: Token): void {
    const n = this.target?.n ?? 0;
    const keep = this.target?.keep === true;
    const name = () => decodeName(this.need(`the name of ${t.s.toUpperCase()}`).s);
    switch (t.k) {
      case "scalars": {
        const nm = name();
        const type = this.type(`SCALARS ${nm}`);
        const c = this.tokenOnLine();
        const components = c ? Number(c.s) : 1;
        if (
          !(Number.isInteger(components) && components >= 1 && components <= 4) ||
          !c?.s.match(/^\d+$/)
        )
          if (c)
            this.fail(
              VTK.legacySyntax,
              `SCALARS ${nm}: '${c.s}' is not a number of components (1 … 4)`,
              c.start,
              c.end,
            );
        // VTK writes `LOOKUP_TABLE name` after SCALARS; accepted when absent.
        const mark = this.pos;
        const lt = this.binary ? this.peekWord() : this.token();
        if (lt?.k === "lookup_table") {
          this.pos = lt.end;
          this.need(`the lookup table name of SCALARS ${nm}`);
        } else this.pos = mark;
        this.array(nm, components, n, type, t.start, keep);
        return;
      }
      case "color_scalars": {
        const nm = name();
        const m = this.count(`the component count of COLOR_SCALARS ${nm}`);
        const type = this.fixedType(this.binary ? "unsigned_char" : "float");
        this.values(n * m, type, `COLOR_SCALARS ${nm}`, t.start, false);
        return;
      }
      case "lookup_table": {
        const nm = name();
        const size = this.count(`the size of LOOKUP_TABLE ${nm}`);
        const type = this.fixedType(this.binary ? "unsigned_char" : "float");
        this.values(4 * size, type, `LOOKUP_TABLE ${nm}`, t.start, false);
        return;
      }
      case "vectors":
      case "normals": {
        const nm = name();
        this.array(nm, 3, n, this.type(`${t.s} ${nm}`), t.start, keep);
        return;
      }
      case "tensors":
      case "tensors6": {
        const nm = name();
        const c = t.k === "tensors" ? 9 : 6;
        this.array(nm, c, n, this.type(`${t.s} ${nm}`), t.start, keep);
        return;
      }
      case "texture_coordinates": {
        const nm = name();
        const dim = this.count(`the dimension of TEXTURE_COORDINATES ${nm}`);
        if (dim < 1 || dim > 3)
          this.fail(
            VTK.legacySyntax,
            `TEXTURE_COORDINATES ${nm}: dimension ${dim} is not 1 … 3`,
            t.start,
          );
        this.array(nm, dim, n, this.type(`TEXTURE_COORDINATES ${nm}`), t.start, keep);
        return;
      }
      case "global_ids":
      case "pedigree_ids":
      case "edge_flags": {
        const nm = name();
        this.array(nm, 1, n, this.type(`${t.s} ${nm}`), t.start, keep);
        return;
      }
      case "field":
        this.field();
        return;
    }
  }

  /** The next token without moving, read only if it is a short word (binary data may follow). */
  peekWord(): Token | undefined {
    const mark = this.pos;
    const t = this.token();
    this.pos = mark;
    return t && /^[A-Za-z_]+$/.test(t.s) ? t : undefined;
  }

  /** `FIELD name k`, then k arrays `name components tuples type` with their data. */
  field(): void {
    this.need("the FIELD name");
    const k = this.count("the FIELD array count");
    for (let a = 0; a < k; a++) {
      let nt = this.need(`array ${a + 1} of ${k} of FIELD`);
      while (nt.k === "metadata") {
        this.metadata();
        nt = this.need(`array ${a + 1} of ${k} of FIELD`);
      }
      if (nt.s === "NULL_ARRAY") continue;
      const nm = decodeName(nt.s);
      const components = this.count(`the component count of ${nm}`);
      const tuples = this.count(`the tuple count of ${nm}`);
      const type = this.type(nm);
      if (components < 1)
        this.fail(VTK.legacySyntax, `FIELD array ${nm}: 0 components`, nt.start, nt.end);
      if (!this.target) {
        // The dataset's own field data: a time (TimeValue, TIME) is taken.
        const v = this.values(components * tuples, type, nm, nt.start, tuples * components <= 16);
        if (v && v.length > 0 && /^(timevalue|time)$/i.test(nm)) this.time = v[0];
        continue;
      }
      if (this.target.keep && tuples !== this.target.n) {
        this.values(components * tuples, type, nm, nt.start, false);
        this.sink.report(
          VTK.arrayLength,
          `point array '${nm}' has ${tuples} tuples for ${this.target.n} points`,
          nt.start,
          nt.end,
        );
        continue;
      }
      this.array(nm, components, tuples, type, nt.start, this.target.keep);
    }
  }

  /** Reads (or skips) an attribute array of `tuples` × `components` values. */
  array(
    name: string,
    components: number,
    tuples: number,
    type: Token,
    at: number,
    keep: boolean,
  ): void {
    const string = type.k === "string" || type.k === "utf8_string";
    const v = this.values(tuples * components, type, name, at, keep && !string);
    if (v) this.pointData.push({ name, components, values: v });
  }

  /**
   * `count` values of `type` (ASCII tokens or big-endian binary), as float64
   * when `keep`, else parsed past. Checked against the bytes left and the
   * budget before anything is allocated.
   */
  values(
    count: number,
    type: Token,
    what: string,
    at: number,
    keep: boolean,
  ): Float64Array | undefined {
    const b = this.bytes;
    const k = type.k;
    if (this.binary) {
      this.nextLine();
      if (k === "string" || k === "utf8_string") return void this.skipBinaryStrings(count, what);
      const size = k === "bit" ? 0 : TYPES[k]![0];
      const need = k === "bit" ? Math.ceil(count / 8) : count * size;
      const left = b.length - this.pos;
      if (need > left)
        this.fail(
          VTK.budget,
          `${what}: ${count} ${type.s} values need ${need} bytes, the file has ${left} left`,
          at,
        );
      if (keep && count * 8 > this.budget.remaining) this.overBudget(count, what, at);
      const start = this.pos;
      this.pos += need;
      if (!keep) return undefined;
      this.budget.remaining -= count * 8;
      const out = new Float64Array(count);
      if (k === "bit") {
        for (let i = 0; i < count; i++) out[i] = (b[start + (i >> 3)]! >> (7 - (i & 7))) & 1;
        return out;
      }
      const view = new DataView(b.buffer, b.byteOffset + start, need);
      const kind = TYPES[k]![1];
      if (kind === "f") {
        if (size === 4) for (let i = 0; i < count; i++) out[i] = view.getFloat32(4 * i);
        else for (let i = 0; i < count; i++) out[i] = view.getFloat64(8 * i);
      } else if (size === 1) {
        if (kind === "u") for (let i = 0; i < count; i++) out[i] = view.getUint8(i);
        else for (let i = 0; i < count; i++) out[i] = view.getInt8(i);
      } else if (size === 2) {
        if (kind === "u") for (let i = 0; i < count; i++) out[i] = view.getUint16(2 * i);
        else for (let i = 0; i < count; i++) out[i] = view.getInt16(2 * i);
      } else if (size === 4) {
        if (kind === "u") for (let i = 0; i < count; i++) out[i] = view.getUint32(4 * i);
        else for (let i = 0; i < count; i++) out[i] = view.getInt32(4 * i);
      } else {
        const hi =
          kind === "u" ? (o: number) => view.getUint32(o) : (o: number) => view.getInt32(o);
        for (let i = 0; i < count; i++) out[i] = hi(8 * i) * 2 ** 32 + view.getUint32(8 * i + 4);
      }
      return out;
    }
    // ASCII: every value takes at least two bytes (a digit and a separator), the last one one.
    const left = b.length - this.pos;
    if (count > (left + 1) / 2)
      this.fail(
        VTK.budget,
        `${what}: ${count} values cannot fit in the ${left} bytes left in the file`,
        at,
      );
    if (keep && count * 8 > this.budget.remaining) this.overBudget(count, what, at);
    const out = keep ? new Float64Array(count) : undefined;
    if (keep) this.budget.remaining -= count * 8;
    const text = this.text!;
    let i = this.pos;
    for (let n = 0; n < count; n++) {
      while (i < b.length && b[i]! <= 0x20) i++;
      if (i >= b.length) {
        this.pos = i;
        this.fail(
          VTK.dataArray,
          `${what}: the file ends after ${n} of its ${count} values`,
          this.end(),
        );
      }
      const start = i;
      while (i < b.length && b[i]! > 0x20) i++;
      if (!out) continue;
      let v: number | undefined = parseNumber(text, start, i);
      if (Number.isNaN(v)) v = special(text.slice(start, Math.min(i, start + 16)));
      if (v === undefined) {
        this.pos = i;
        this.fail(
          VTK.dataArray,
          `${what}: '${text.slice(start, Math.min(i, start + 40))}' is not a number (value ${n + 1} of ${count})`,
          start,
          i,
        );
      }
      out[n] = v;
    }
    this.pos = i;
    return out;
  }

  /** Parses past `count` binary strings (each with VTK's 1-, 2-, 4- or 8-byte length prefix). */
  skipBinaryStrings(count: number, what: string): void {
    const b = this.bytes;
    for (let n = 0; n < count; n++) {
      const head = b[this.pos];
      if (head === undefined)
        this.fail(
          VTK.dataArray,
          `${what}: the file ends in string ${n + 1} of ${count}`,
          this.end(),
        );
      const form = head >> 6;
      let length = 0;
      let prefix = 1;
      if (form === 3) length = head & 0x3f;
      else {
        prefix = form === 2 ? 2 : form === 1 ? 4 : 8;
        length = head & 0x3f;
        for (let i = 1; i < prefix; i++) length = length * 256 + (b[this.pos + i] ?? 0);
      }
      if (this.pos + prefix + length > b.length)
        this.fail(
          VTK.budget,
          `${what}: string ${n + 1} of ${count} declares ${length} bytes, past the file's end`,
          this.pos,
        );
      this.pos += prefix + length;
    }
  }

  overBudget(count: number, what: string, at: number): never {
    this.fail(
      VTK.budget,
      `${what}: its ${count} values exceed what this read may still hold (budget of ${READ_BUDGET_BYTES / 2 ** 30} GiB of values)`,
      at,
    );
  }

  /** The frame of what was read, or undefined (reported) when points or cells are missing or wrong. */
  frame(file: string): VtkFrame | undefined {
    if (!this.kind) return undefined;
    const points = this.points;
    if (!points)
      return void this.sink.report(
        VTK.missingSection,
        "no POINTS in the file",
        this.datasetAt,
        this.datasetAt + 7,
      );
    const pointCount = this.pointCount;
    let types: ArrayLike<number>;
    let ends: ArrayLike<number>;
    let conn: ArrayLike<number>;
    let at = this.datasetAt;
    if (this.kind === "unstructured_grid") {
      const c = this.cells;
      const t = this.cellTypes;
      if (!c || !t) {
        if (c || t || this.poly.size > 0)
          return void this.sink.report(
            VTK.missingSection,
            c ? "CELLS without CELL_TYPES" : "CELL_TYPES without CELLS",
            (c ?? t)?.at ?? at,
          );
        types = [];
        ends = [];
        conn = [];
      } else {
        if (t.values.length !== c.ends.length)
          return void this.sink.report(
            VTK.cellNodes,
            `${t.values.length} cell types for ${c.ends.length} cells`,
            t.at,
            t.at + 10,
          );
        types = t.values;
        ends = c.ends;
        conn = c.conn;
        at = c.at;
      }
    } else {
      const allTypes: number[] = [];
      const allEnds: number[] = [];
      const allConn: number[] = [];
      for (const [section, type] of POLY_SECTIONS) {
        const s = this.poly.get(section);
        if (!s) continue;
        const base = allConn.length;
        for (let k = 0; k < s.ends.length; k++) {
          allTypes.push(type);
          allEnds.push(base + s.ends[k]!);
        }
        for (let k = 0; k < s.conn.length; k++) allConn.push(s.conn[k]!);
      }
      types = allTypes;
      ends = allEnds;
      conn = allConn;
    }
    const mapped = mapCells(types, ends, 0, conn, pointCount);
    if ("error" in mapped)
      return void this.sink.report(
        mapped.cellType ? VTK.cellType : VTK.cellNodes,
        mapped.error,
        at,
        at + 5,
      );
    return {
      file,
      start: this.datasetAt,
      text: this.text,
      time: this.time,
      points,
      pointCount,
      types: mapped.types,
      connectivity: mapped.connectivity,
      skippedCells: mapped.skipped,
      pointData: this.pointData,
    };
  }
}

/** `nan`, `inf`, `-inf`, `infinity` as numbers (VTK writes them so); undefined for anything else. */
function special(s: string): number | undefined {
  const l = s.toLowerCase();
  if (l === "nan" || l === "-nan" || l === "+nan") return Number.NaN;
  if (l === "inf" || l === "+inf" || l === "infinity") return Number.POSITIVE_INFINITY;
  if (l === "-inf" || l === "-infinity") return Number.NEGATIVE_INFINITY;
  return undefined;
}

/** A name as VTK writes it: `%XX` escapes (`%20`: a space) decoded. */
function decodeName(s: string): string {
  return s.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) =>
    String.fromCharCode(Number.parseInt(h, 16)),
  );
}
