/**
 * A nodal result block of a `.frd` (100C): its header (time value, node
 * count, analysis type, step number, format), the `-4` record naming the
 * result and counting its entities, one `-5` record per entity, then per
 * node its values, in ASCII records (`-1`, continued by `-2` past six
 * values) or binary (a node number and float or double values). Entities a
 * `-5` record marks as computed (`ALL`, the magnitude) hold no values.
 */
import { msg } from "../../core/message.js";
import { FRD } from "./codes.js";
import { FrdCursor, type Line, MIN_ASCII_RECORD } from "./cursor.js";
import type { FrdNodes } from "./mesh.js";

/** One result block: one array over the mesh's points. */
export interface FrdResult {
  readonly name: string;
  readonly components: number;
  /** The names of the stored components (`D1 D2 D3`, `SXX … SZX`). */
  readonly componentNames: readonly string[];
  readonly values: Float64Array;
  /** The 100C record's value (a time, a frequency, a load factor) and step number. */
  readonly time: number;
  readonly step: number;
  readonly analysis: number;
  /** Offset of its 100C record. */
  readonly start: number;
}

/** The fields of a 100C record (columns as CalculiX writes them). */
function resultHeader(c: FrdCursor, h: Line) {
  const time = c.number(h, 12, 24, "value");
  const count = time === undefined ? undefined : c.int(h, 24, 36, "node count");
  const analysis = h.text.slice(56, 58).trim() === "" ? 0 : c.int(h, 56, 58, "analysis type");
  const step = h.text.slice(58, 63).trim() === "" ? 0 : c.int(h, 58, 63, "step number");
  const tail = h.text.slice(73, 75).trim();
  const format = tail === "" ? 0 : c.int(h, 73, 75, "format");
  if ([time, count, analysis, step, format].includes(undefined)) return undefined;
  if (!(format! >= 0 && format! <= 3) || count! < 0) {
    c.sink.report(FRD.blockFormat, msg`format indicator ${{ format: format! }}`, h.start + 73);
    return undefined;
  }
  return { time: time!, count: count!, analysis: analysis!, step: step!, format: format! };
}

/** The `-4` record and its `-5` records: the result's name and its stored components. */
function entities(c: FrdCursor, h: Line): { name: string; names: string[] } | undefined {
  const four = c.line();
  if (!four || FrdCursor.key(four) !== "-4") {
    if (four) c.wrongKey(four, "-4");
    else c.short("result", 1, h.start);
    return undefined;
  }
  const name = four.text.slice(5, 13).trim() || "result";
  const count = c.int(four, 13, 18, "entity count");
  if (count === undefined) return undefined;
  const names: string[] = [];
  let listed = 0;
  while (c.peek() && FrdCursor.key(c.peek()!) === "-5") {
    const five = c.line()!;
    listed++;
    const exist = five.text.slice(33, 38).trim();
    if (exist !== "1") names.push(five.text.slice(5, 13).trim());
  }
  if (listed !== count || names.length === 0) {
    c.sink.report(
      FRD.components,
      msg`result ${{ name }}: its -4 record counts ${count} entities, ${listed} -5 records follow with ${names.length} stored`,
      four.start,
    );
    return undefined;
  }
  return { name, names };
}

/** Reads the result block whose 100C record is `h`, over `nodes`. */
export function readResult(c: FrdCursor, h: Line, nodes: FrdNodes): FrdResult | undefined {
  const head = resultHeader(c, h);
  if (!head) return undefined;
  const e = entities(c, h);
  if (!e) return undefined;
  const { name, names } = e;
  const n = names.length;
  const { count, format } = head;
  const size = format === 2 ? 4 + 4 * n : format === 3 ? 4 + 8 * n : MIN_ASCII_RECORD;
  if (!c.fits(count, size, name, h.start)) return undefined;
  if (!c.take(nodes.count * n * 8, name, nodes.count * n, h.start)) return undefined;
  const values = new Float64Array(nodes.count * n);
  const seen = new Uint8Array(nodes.count);
  const strays = { count: 0, first: 0 };
  const put = (label: number, read: (k: number) => number | undefined): boolean => {
    const i = nodes.index.get(label);
    if (i === undefined && strays.count++ === 0) strays.first = label;
    for (let k = 0; k < n; k++) {
      const v = read(k);
      if (v === undefined) return false;
      if (i !== undefined) values[i * n + k] = v;
    }
    if (i !== undefined) seen[i] = 1;
    return true;
  };
  const ok =
    format >= 2 ? binaryValues(c, count, format, n, put) : asciiValues(c, h, count, format, put);
  if (!ok) return undefined;
  if (strays.count > 0)
    c.sink.report(
      FRD.resultNode,
      msg`result ${{ name }}: values for ${{ count: strays.count }} node numbers the node block does not define (first ${{ node: strays.first }}): left out`,
      h.start,
    );
  const unseen = seen.length - seen.reduce((s, x) => s + x, 0);
  if (unseen > 0)
    c.sink.report(
      FRD.missingValues,
      msg`result ${{ name }}: no values for ${{ count: unseen }} of the ${nodes.count} nodes: theirs are 0`,
      h.start,
    );
  return { name, components: n, componentNames: names, values, ...head, start: h.start };
}

type Put = (label: number, read: (k: number) => number | undefined) => boolean;

/** `count` binary records: a node number and `n` floats (format 2) or doubles (3). */
function binaryValues(c: FrdCursor, count: number, format: number, n: number, put: Put): boolean {
  c.binary = true;
  const v = c.view;
  const w = format === 2 ? 4 : 8;
  for (let i = 0; i < count; i++) {
    const at = c.pos;
    put(v.getInt32(at, true), (k) =>
      w === 4 ? v.getFloat32(at + 4 + 4 * k, true) : v.getFloat64(at + 4 + 8 * k, true),
    );
    c.pos += 4 + w * n;
  }
  c.skipEnd();
  return true;
}

/** `count` ASCII records (`-1`, six values a line, `-2` lines for more) and the `-3`. */
function asciiValues(c: FrdCursor, h: Line, count: number, format: number, put: Put): boolean {
  const w = format === 0 ? 5 : 10;
  const from = 3 + w;
  for (let i = 0; i <= count; i++) {
    const l = c.line();
    if (!l) {
      c.short("result", count, h.start);
      return false;
    }
    const key = FrdCursor.key(l);
    if (i === count || key === "-3") {
      if (key === "-3" && i === count) return true;
      if (key === "-3") c.short("result", count, l.start);
      else c.wrongKey(l, "-3");
      return false;
    }
    if (key !== "-1") {
      c.wrongKey(l, "-1");
      return false;
    }
    const label = c.int(l, 3, from, "node number");
    if (label === undefined) return false;
    let line = l;
    const read = (k: number): number | undefined => {
      if (k > 0 && k % 6 === 0) {
        const next = c.line();
        if (!next || FrdCursor.key(next) !== "-2") {
          if (next) c.wrongKey(next, "-2");
          else c.short("result", count, h.start);
          return undefined;
        }
        line = next;
      }
      const at = from + 12 * (k % 6);
      return c.number(line, at, at + 12, "value");
    };
    if (!put(label, read)) return false;
  }
  return false;
}
