/**
 * Reading a legacy VTK file (`# vtk DataFile Version 2.0` … `5.1`), ASCII or
 * BINARY (big-endian), DATASET UNSTRUCTURED_GRID or POLYDATA (and the
 * structured kinds, legacy-structured.ts), into the same
 * frame the XML readers make (docs/formats/exports.md, "Legacy .vtk").
 *
 * The file is read as a sequence of keywords, each followed by its counts
 * and data: POINTS, CELLS (the 4.x stream `n id…` or the 5.x OFFSETS and
 * CONNECTIVITY), CELL_TYPES, VERTICES, LINES, POLYGONS, TRIANGLE_STRIPS,
 * POINT_DATA and CELL_DATA with their attributes (SCALARS, VECTORS, NORMALS,
 * TENSORS, TENSORS6, TEXTURE_COORDINATES, FIELD, …) and METADATA blocks.
 * A cell listing more point ids than its type has is read by its first ids,
 * as VTK does (one VTK024 warning).
 * Point data is kept; cell data is parsed past and dropped. Every declared
 * count is checked against the bytes left before anything is allocated.
 * Never throws: problems become diagnostics at byte offsets (for an ASCII
 * file, the offsets of its text, shown as line and column).
 */
import type { Reporter } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { legacyCellData, mappedFields } from "./cell-data.js";
import { mapCells } from "./cells.js";
import { VTK } from "./codes.js";
import { ATTRIBUTES, type AttributeReader, readAttribute } from "./legacy-attributes.js";
import { LegacyCursor, latin1, Stop } from "./legacy-cursor.js";
import {
  cellDataFits,
  LEGACY_STRUCTURED,
  legacyGrid,
  legacyStructuredFrame,
  structuredKeyword,
} from "./legacy-structured.js";
import type { VtkFrame } from "./model.js";
import type { DecodedArray, MemoryBudget } from "./read-data.js";

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
    // Stopped at a finding: a frame only when its points and cells were read before it.
    frame = r.frame(file, r.stopped);
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
  }
  return { frame, text: r.text };
}
/** The sections of a legacy VTK file, read in order; see the module comment. */
class LegacyReader extends LegacyCursor implements AttributeReader {
  version = 0;
  datasetAt = 0;
  kind: string | undefined;
  points: Float64Array | undefined;
  pointCount = 0;
  cells: RawCells | undefined;
  cellTypes: { values: Float64Array; at: number } | undefined;
  readonly poly = new Map<string, RawCells>();
  readonly pointData: DecodedArray[] = [];
  readonly cellData: DecodedArray[] = [];
  /** The CELL_DATA keyword and its count, checked against the cells when they are mapped. */
  cellDataAt: { start: number; end: number; n: number } | undefined;
  /** What a structured kind's DIMENSIONS, ORIGIN, SPACING and coordinates declare (legacy-structured.ts). */
  readonly grid = legacyGrid();
  time: number | undefined;
  /** Where attributes go now: point data (`n` tuples), cell data, or the dataset's field data. */
  target:
    | { readonly what: "point" | "cell"; readonly n: number; readonly keep: boolean }
    | undefined;

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
    // Findings are located by line and column unless the file is BINARY.
    else this.text = latin1(b);
    if (enc.k !== "binary" && enc.k !== "ascii")
      this.fail(
        VTK.encoding,
        `'${enc.s}' is not ASCII or BINARY (the third line of a legacy VTK file)`,
        enc.start,
        enc.end,
      );
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
    if (kind.k !== "unstructured_grid" && kind.k !== "polydata" && !LEGACY_STRUCTURED.has(kind.k))
      this.fail(
        VTK.fileType,
        `DATASET ${kind.s}: only UNSTRUCTURED_GRID, POLYDATA, STRUCTURED_POINTS, STRUCTURED_GRID and RECTILINEAR_GRID are read`,
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
      if (
        LEGACY_STRUCTURED.has(this.kind ?? "") &&
        (k === "cells" || k === "cell_types" || POLY_SECTIONS.some(([p]) => p === k))
      )
        this.fail(
          VTK.legacySyntax,
          `'${t.s}' is not a keyword of a legacy ${(this.kind ?? "").toUpperCase()} file`,
          t.start,
          t.end,
        );
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
        const structured = LEGACY_STRUCTURED.has(this.kind ?? "");
        const d = this.grid.dims;
        const expected = structured && d ? d[0] * d[1] * d[2] : this.pointCount;
        // Point data for another number of points than POINTS declares is parsed past.
        const fits = !point || n === expected;
        if (!fits)
          this.sink.report(
            VTK.arrayLength,
            msg`POINT_DATA ${{ found: n }} for ${{ expected }} points: its arrays are left out`,
            t.start,
            t.end,
          );
        // Structured cell data is checked against the grid now; other cell data when the cells are mapped.
        const keep = point ? fits : !structured || cellDataFits(this, n, t);
        this.target = { what: point ? "point" : "cell", n, keep };
        if (!point && !structured) this.cellDataAt = { start: t.start, end: t.end, n };
      } else if (k === "metadata") {
        this.metadata();
      } else if (ATTRIBUTES.has(k) && (this.target || k === "field")) {
        readAttribute(this, t);
      } else if (LEGACY_STRUCTURED.has(this.kind ?? "") && structuredKeyword(this, t)) {
        // DIMENSIONS, ORIGIN, SPACING, ASPECT_RATIO, X_/Y_/Z_COORDINATES: read.
      } else {
        this.fail(
          VTK.legacySyntax,
          `'${t.s}' is not a keyword of a legacy ${(this.kind ?? "").toUpperCase()} file here`,
          t.start,
          t.end,
        );
      }
    }
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
    // Every cell takes at least its count: more cells than values cannot be.
    if (n > size)
      this.fail(VTK.cellNodes, `${what}: ${n} cells in ${size} values`, at, at + what.length);
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

  /** The frame of what was read, or undefined (reported) when points or cells are missing or wrong. */
  frame(file: string, stopped: boolean): VtkFrame | undefined {
    if (!this.kind) return undefined;
    if (LEGACY_STRUCTURED.has(this.kind)) return legacyStructuredFrame(this, this.kind, file);
    const points = this.points;
    const complete =
      points && (this.kind === "polydata" || (this.cells && this.cellTypes) || !stopped);
    if (stopped && !complete) return undefined;
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
    const mapped = mapCells(types, ends, 0, conn, pointCount, undefined, true);
    if ("error" in mapped)
      return void this.sink.report(
        mapped.cellType ? VTK.cellType : VTK.cellNodes,
        mapped.error,
        at,
        at + 5,
      );
    const x = mapped.extraIds;
    if (x)
      this.sink.report(
        VTK.extraIds,
        msg`${{ count: x.count }} cells list more point ids than their type has (the first: cell ${{ cell: x.cell }}, VTK type ${{ type: x.type }}, ${{ found: x.found }} ids for ${{ expected: x.expected }}): each is read by its first ids, as VTK does`,
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
      ...mappedFields(mapped),
      pointData: this.pointData,
      cellData: legacyCellData(this.sink, this.cellData, this.cellDataAt, mapped),
    };
  }
}
