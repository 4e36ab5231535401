/**
 * The mesh of a `.frd`: the node block (2C) and the element block (3C), in
 * ASCII (short or long fixed columns) or binary records. Node numbers are
 * labels: the points are the nodes in the block's order, and elements name
 * them through a map. Elements become `.agr` cells (see {@link FRD_ELEMENTS}).
 */
import { msg } from "../../core/message.js";
import { FRD } from "./codes.js";
import { FrdCursor, type Line, MIN_ASCII_RECORD } from "./cursor.js";

/** The nodes: their coordinates (xyz packed) and each number's point index. */
export interface FrdNodes {
  readonly points: Float64Array;
  readonly count: number;
  /** The node numbers, in point order. */
  readonly labels: Int32Array;
  readonly index: ReadonlyMap<number, number>;
}

/** The elements as the `.agr` holds them. */
export interface FrdCells {
  readonly types: Uint8Array;
  readonly connectivity: Uint32Array;
  /** Beam elements (be2, be3): no `.agr` cell, kept in `lines`. */
  readonly skipped: number;
  /** The beams' segments (two point ids each), drawn by the viewer. */
  readonly lines: Uint32Array;
  readonly count: number;
}

/** A `.frd` element type: its name, node count, and the `.agr` (VTK linear) cell of its corners. */
interface FrdElement {
  readonly name: string;
  readonly nodes: number;
  readonly to?: number;
  readonly corners?: readonly number[];
  /** A beam: its nodes in order along it (ends first in the file, then the middle; decision 219). */
  readonly along?: readonly number[];
}

const CORNERS = (n: number) => Array.from({ length: n }, (_, k) => k);
/**
 * CalculiX's wedge turns its base the other way round from VTK_WEDGE's (a
 * C3D6 with its base counter-clockwise seen from its top is the one ccx
 * accepts); second-order elements list their corners first.
 */
const WEDGE = [0, 2, 1, 3, 5, 4];

/** The `.frd` element types 1–12 (CalculiX's manual, "Result Format"). */
export const FRD_ELEMENTS: readonly (FrdElement | undefined)[] = [
  undefined,
  { name: "he8", nodes: 8, to: 12, corners: CORNERS(8) },
  { name: "pe6", nodes: 6, to: 13, corners: WEDGE },
  { name: "te4", nodes: 4, to: 10, corners: CORNERS(4) },
  { name: "he20", nodes: 20, to: 12, corners: CORNERS(8) },
  { name: "pe15", nodes: 15, to: 13, corners: WEDGE },
  { name: "te10", nodes: 10, to: 10, corners: CORNERS(4) },
  { name: "tr3", nodes: 3, to: 5, corners: CORNERS(3) },
  { name: "tr6", nodes: 6, to: 5, corners: CORNERS(3) },
  { name: "qu4", nodes: 4, to: 9, corners: CORNERS(4) },
  { name: "qu8", nodes: 8, to: 9, corners: CORNERS(4) },
  { name: "be2", nodes: 2, along: [0, 1] },
  { name: "be3", nodes: 3, along: [0, 2, 1] },
];

/** The count and format indicator of a 2C or 3C header (count in columns 25–36, the format after). */
export function blockHeader(
  c: FrdCursor,
  header: Line,
): { count: number; format: number } | undefined {
  const count = c.int(header, 24, 36, "count");
  if (count === undefined) return undefined;
  const tail = header.text.slice(36).trim();
  const format = tail === "" ? 0 : c.int(header, 36, undefined, "format");
  if (format === undefined) return undefined;
  if (!(format >= 0 && format <= 3) || count < 0) {
    c.sink.report(FRD.blockFormat, msg`format indicator ${{ format }}`, header.start + 36);
    return undefined;
  }
  return { count, format };
}

/** Reads the node block after its header line. */
export function readNodes(c: FrdCursor, header: Line): FrdNodes | undefined {
  const h = blockHeader(c, header);
  if (!h) return undefined;
  const { count, format } = h;
  const binary = format >= 2;
  const size = binary ? (format === 2 ? 16 : 28) : MIN_ASCII_RECORD;
  if (!c.fits(count, size, "node", header.start)) return undefined;
  if (!c.take(count * 24, "node", count * 3, header.start)) return undefined;
  const points = new Float64Array(count * 3);
  const index = new Map<number, number>();
  const labels = new Int32Array(count);
  const define = (label: number, i: number, at: number): boolean => {
    if (index.has(label)) {
      c.sink.report(FRD.duplicateNode, msg`node ${{ node: label }} is defined twice`, at);
      return false;
    }
    index.set(label, i);
    labels[i] = label;
    return true;
  };
  if (binary) {
    c.binary = true;
    const v = c.view;
    for (let i = 0; i < count; i++) {
      const at = c.pos;
      if (!define(v.getInt32(at, true), i, at)) return undefined;
      for (let k = 0; k < 3; k++)
        points[3 * i + k] =
          format === 2 ? v.getFloat32(at + 4 + 4 * k, true) : v.getFloat64(at + 4 + 8 * k, true);
      c.pos += size;
    }
    c.skipEnd();
    return { points, count, labels, index };
  }
  const w = format === 0 ? 5 : 10;
  for (let i = 0; i <= count; i++) {
    const l = c.line();
    if (!l) {
      c.short("node", count, header.start);
      return undefined;
    }
    const key = FrdCursor.key(l);
    if (i === count || key === "-3") {
      if (key === "-3" && i === count) return { points, count, labels, index };
      if (key === "-3") c.short("node", count, l.start);
      else c.wrongKey(l, "-3");
      return undefined;
    }
    if (key !== "-1") {
      c.wrongKey(l, "-1");
      return undefined;
    }
    const label = c.int(l, 3, 3 + w, "node number");
    if (label === undefined || !define(label, i, l.start)) return undefined;
    for (let k = 0; k < 3; k++) {
      const x = c.number(l, 3 + w + 12 * k, 3 + w + 12 * (k + 1), "coordinate");
      if (x === undefined) return undefined;
      points[3 * i + k] = x;
    }
  }
  return undefined;
}

/** Growing cell arrays. */
class CellLists {
  types: number[] = [];
  conn: number[] = [];
  lines: number[] = [];
  skipped = 0;

  add(e: FrdElement, nodes: ArrayLike<number>): void {
    if (e.to === undefined) {
      this.skipped++;
      const along = e.along!;
      for (let k = 0; k + 1 < along.length; k++)
        this.lines.push(nodes[along[k]!]!, nodes[along[k + 1]!]!);
      return;
    }
    this.types.push(e.to);
    for (const k of e.corners!) this.conn.push(nodes[k]!);
  }
}

/** The point indices of `labels` (an element's nodes), or undefined after reporting FRD006. */
function pointsOf(
  c: FrdCursor,
  nodes: FrdNodes,
  element: number,
  labels: readonly number[],
  at: number,
): number[] | undefined {
  const out: number[] = [];
  for (const label of labels) {
    const i = nodes.index.get(label);
    if (i === undefined) {
      c.sink.report(
        FRD.unknownNode,
        msg`element ${{ element }} names node ${{ node: label }}, which the node block does not define`,
        at,
      );
      return undefined;
    }
    out.push(i);
  }
  return out;
}

/** The element type `type` of `element`, or undefined after reporting FRD005. */
function elementType(
  c: FrdCursor,
  element: number,
  type: number,
  at: number,
): FrdElement | undefined {
  const e = FRD_ELEMENTS[type];
  if (e) return e;
  c.sink.report(FRD.elementType, msg`element ${{ element }} has type ${{ type }}`, at);
  return undefined;
}

/** Reads the element block after its header line. */
export function readElements(c: FrdCursor, header: Line, nodes: FrdNodes): FrdCells | undefined {
  const h = blockHeader(c, header);
  if (!h) return undefined;
  const { count, format } = h;
  const lists = new CellLists();
  if (!c.fits(count, format >= 2 ? 24 : 2 * MIN_ASCII_RECORD, "element", header.start))
    return undefined;
  if (format >= 2) {
    c.binary = true;
    for (let i = 0; i < count; i++) {
      const at = c.pos;
      if (c.left < 16) {
        c.short("element", count, at);
        return undefined;
      }
      const number = c.view.getInt32(at, true);
      const e = elementType(c, number, c.view.getInt32(at + 4, true), at + 4);
      if (!e) return undefined;
      if (c.left < 16 + 4 * e.nodes) {
        c.short("element", count, at);
        return undefined;
      }
      const labels = Array.from({ length: e.nodes }, (_, k) =>
        c.view.getInt32(at + 16 + 4 * k, true),
      );
      const ids = pointsOf(c, nodes, number, labels, at);
      if (!ids) return undefined;
      lists.add(e, ids);
      c.pos += 16 + 4 * e.nodes;
    }
    c.skipEnd();
  } else if (!readAsciiElements(c, header, nodes, count, format === 0 ? 5 : 10, lists))
    return undefined;
  return {
    types: Uint8Array.from(lists.types),
    connectivity: Uint32Array.from(lists.conn),
    skipped: lists.skipped,
    lines: Uint32Array.from(lists.lines),
    count,
  };
}

/** The ASCII records of `count` elements (`-1` then `-2` records of node numbers `w` columns wide) and the `-3`. */
function readAsciiElements(
  c: FrdCursor,
  header: Line,
  nodes: FrdNodes,
  count: number,
  w: number,
  lists: CellLists,
): boolean {
  for (let i = 0; i <= count; i++) {
    const l = c.line();
    if (!l) {
      c.short("element", count, header.start);
      return false;
    }
    const key = FrdCursor.key(l);
    if (i === count || key === "-3") {
      if (key === "-3" && i === count) return true;
      if (key === "-3") c.short("element", count, l.start);
      else c.wrongKey(l, "-3");
      return false;
    }
    if (key !== "-1") {
      c.wrongKey(l, "-1");
      return false;
    }
    const number = c.int(l, 3, 3 + w, "element number");
    const type = number === undefined ? undefined : c.int(l, 3 + w, 8 + w, "element type");
    if (number === undefined || type === undefined) return false;
    const e = elementType(c, number, type, l.start + 3 + w);
    if (!e) return false;
    const labels: number[] = [];
    while (labels.length < e.nodes) {
      const n = c.peek();
      if (!n || FrdCursor.key(n) !== "-2") break;
      c.line();
      for (let at = 3; at + w <= n.text.length || n.text.slice(at).trim() !== ""; at += w) {
        if (n.text.slice(at, at + w).trim() === "") break;
        const label = c.int(n, at, at + w, "node number");
        if (label === undefined) return false;
        labels.push(label);
      }
    }
    if (labels.length !== e.nodes) {
      c.sink.report(
        FRD.elementNodes,
        msg`element ${{ element: number }} (${e.name}) lists ${{ found: labels.length }} nodes; its type has ${{ expected: e.nodes }}`,
        l.start,
      );
      return false;
    }
    const ids = pointsOf(c, nodes, number, labels, l.start);
    if (!ids) return false;
    lists.add(e, ids);
  }
  return false;
}
