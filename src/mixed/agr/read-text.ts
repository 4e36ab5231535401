/**
 * The `.agr` text encoding reader (grammar in `docs/formats/agr.md`).
 * Numbers go straight from the token cursor into preallocated typed arrays;
 * the model returned is always shape-consistent (array lengths match the
 * counts), even when reading stopped early.
 */

import { ByteTokenCursor } from "../../core/byte-tokenizer.js";
import type { Diagnostic, Span } from "../../core/diagnostics.js";
import { TokenReader, UINT32 } from "../../core/token-reader.js";
import type { TokenSource } from "../../core/tokenizer.js";
import { readTextMagic, textKinds } from "../container.js";
import { readFrameTime } from "../times.js";
import { type ArrayPool, NO_POOL } from "./array-pool.js";
import { AGR_TEXT_MAGIC } from "./binary-layout.js";
import { AGR, type AgrKind } from "./codes.js";
import type { MeshAnimation, ParamDescriptor } from "./model.js";
import { readCells } from "./read-cells.js";
import {
  type AgrSpans,
  checkCoordinates,
  checkDescriptor,
  checkParamTable,
  checkType,
  NO_SPANS,
} from "./validate.js";

/** What the token reader reports, from the `.agr` code table. */
const TEXT_KINDS = textKinds<AgrKind>(AGR);

const KEYWORDS = ["type", "nodes", "cells", "scalars", "vectors", "constant", "frames", "frame"];

/** The reader of the text encoding, over a text or its UTF-8 bytes. */
type Reader = TokenReader<AgrKind, TokenSource>;

/** An empty, shape-consistent model (type -1 until read). */
function emptyModel(): MeshAnimation {
  return {
    type: -1,
    nodeCount: 0,
    positions: new Float32Array(0),
    cellTypes: new Uint8Array(0),
    connectivity: new Uint32Array(0),
    scalars: [],
    vectors: [],
    times: new Float64Array(0),
    scalarValues: [],
    vectorValues: [],
  };
}

/**
 * Reads the text encoding from a text, or straight from its UTF-8 bytes (no
 * string is made: offsets are then bytes, and the text may be longer than a
 * JavaScript string); `model` is undefined only when the magic line is wrong.
 */
export function readAgrText(
  text: string | Uint8Array | TokenSource,
  options: AgrTextOptions = {},
): {
  model: MeshAnimation | undefined;
  diagnostics: Diagnostic[];
  /** With {@link AgrTextOptions.splitAt}: the frames left unread, when reading stopped there. */
  pending?: PendingFrames;
} {
  const source: string | TokenSource =
    text instanceof Uint8Array ? new ByteTokenCursor(text) : text;
  // A malformed value reads as 0 (not NaN) so an erroneous mesh still draws.
  const r: Reader = new TokenReader<AgrKind, TokenSource>(source, TEXT_KINDS, {
    integers: UINT32,
    marker: atKeyword,
    standIn: 0,
  });
  if (!readTextMagic(r, AGR_TEXT_MAGIC, AGR)) {
    return { model: undefined, diagnostics: r.sink.items };
  }
  const m = emptyModel();
  const split: Split = { at: options.splitAt ?? -1, pool: options.pool ?? NO_POOL };
  if (readSections(r, m, split)) r.expectEnd(AGR.trailing, "the last frame");
  if (split.pending) return { model: m, diagnostics: r.sink.items, pending: split.pending };
  r.expectFinalNewline();
  return { model: m, diagnostics: r.sink.items };
}

/** Whether the current token is one of the format's keywords: a run of values has ended early. */
function atKeyword(c: TokenSource): boolean {
  for (const k of KEYWORDS) if (c.is(k)) return true;
  return false;
}

function readSections(r: Reader, m: MeshAnimation, split: Split): boolean {
  const c = r.cursor;
  if (!r.keyword("type", " after the magic line")) return false;
  const type = r.integer("the mesh animation type");
  if (type === undefined) return false;
  m.type = type;
  const typeSpan = r.span();
  checkType(type, r, typeSpan);

  if (!r.keyword("nodes")) return false;
  const n = r.integer("the node count");
  if (n === undefined || !r.fits(n, 3, "nodes (3 coordinates each)")) return false;
  m.nodeCount = n;
  m.positions = split.pool.take(Float32Array, 3 * n);
  const xyz = (i: number) => `coordinate ${"xyz"[i % 3]} of node ${Math.floor(i / 3)}`;
  if (!r.reals(3 * n, m.positions, 0, xyz)) return false;

  if (!readCells(r, m)) return false;

  const scalars: ParamDescriptor[] = [];
  const vectors: ParamDescriptor[] = [];
  const scalarSpans: Span[] = [];
  const vectorSpans: Span[] = [];
  if (!readDescriptors(r, "scalars", "scalar", scalars, scalarSpans)) return false;
  const paramsSpan = r.span();
  if (!readDescriptors(r, "vectors", "vector", vectors, vectorSpans)) return false;
  const spans: AgrSpans = {
    ...NO_SPANS,
    type: typeSpan,
    params: paramsSpan,
    scalar: (p) => scalarSpans[p] ?? paramsSpan,
    vector: (p) => vectorSpans[p] ?? paramsSpan,
  };
  checkParamTable(type, scalars, vectors, r, spans);
  if (r.stopped) return false;

  // Constant parameters: one block each, scalars then vectors, in declaration order.
  const params = [
    ...scalars.map((d) => ({ d, width: 1, vector: false })),
    ...vectors.map((d) => ({ d, width: 3, vector: true })),
  ];
  const constants = params.filter((p) => !p.d.varying);
  const varying = params.filter((p) => p.d.varying);
  let constantTokens = 0;
  for (const p of constants) constantTokens += 2 + p.width * n;
  if (!r.fits(constantTokens, 1, "tokens of the constant parameters")) return false;
  const values = params.map((p) => split.pool.take(Float32Array, p.d.varying ? 0 : p.width * n));
  m.scalars = scalars;
  m.vectors = vectors;
  m.scalarValues = values.slice(0, scalars.length);
  m.vectorValues = values.slice(scalars.length);
  let coordinatesSpan: Span = [0, 0];
  for (const p of constants) {
    if (!r.keyword("constant", ` for parameter '${p.d.name}'`)) return false;
    const at = r.span();
    if (!r.need(`the name '${p.d.name}' after 'constant'`)) return false;
    if (!c.is(p.d.name)) {
      r.report(
        AGR.constantName,
        `expected the constant parameter '${p.d.name}', found ${r.found()}`,
        c.start,
        c.end,
      );
    }
    if (p.vector && p === constants.find((q) => q.vector)) coordinatesSpan = at;
    const what = (i: number) =>
      p.vector
        ? `component ${"xyz"[i % 3]} of node ${Math.floor(i / 3)} of '${p.d.name}'`
        : `the value of node ${i} of '${p.d.name}'`;
    if (!r.reals(p.width * n, values[params.indexOf(p)]!, 0, what)) return false;
  }
  if (vectors[0] && !vectors[0].varying) checkCoordinates(m, r, coordinatesSpan);

  return readFrames(
    r,
    m,
    n,
    varying.map((p) => ({ ...p, index: params.indexOf(p) })),
    values,
    split,
  );
}

function readDescriptors(
  r: Reader,
  keyword: string,
  what: string,
  out: ParamDescriptor[],
  spans: Span[],
): boolean {
  const c = r.cursor;
  if (!r.keyword(keyword)) return false;
  const count = r.integer(`the ${what} parameter count`);
  if (count === undefined || !r.fits(count, 3, `${what} parameters (3 tokens each)`)) return false;
  for (let p = 0; p < count; p++) {
    if (!r.need(`the name of ${what} parameter ${p}`)) return false;
    const name = c.token();
    const nameSpan = r.span();
    if (!r.need(`the unit of ${what} parameter ${p}`)) return false;
    const unit = c.token();
    const unitSpan = r.span();
    if (!r.need(`'varying' or 'constant' for ${what} parameter ${p}`)) return false;
    let varying = true;
    if (c.is("constant")) varying = false;
    else if (!c.is("varying")) {
      r.report(
        AGR.varyingWord,
        `expected 'varying' or 'constant' for ${what} parameter ${p}, found ${r.found()}`,
        c.start,
        c.end,
      );
    }
    const d = { name, unit, varying };
    checkDescriptor(d, `${what} ${p}`, r, nameSpan, unitSpan);
    out.push(d);
    spans.push([nameSpan[0], c.end]);
    if (r.stopped) return false;
  }
  return true;
}

/** Where reading may stop so the frames from there on are read elsewhere (a byte offset, -1 for nowhere). */
export interface AgrTextOptions {
  /**
   * Offset of a `frame` keyword: when frame `f > 0` starts exactly there,
   * reading stops and {@link PendingFrames} describes what is left.
   */
  readonly splitAt?: number;
  /**
   * Arrays to fill instead of new ones (same length and kind; decision 355).
   * A read with findings may leave old values in them: its caller reads
   * again without a pool.
   */
  readonly pool?: ArrayPool | undefined;
}

/** The frames from `frame` on, left to be read into the model's arrays (whole, `count` frames). */
export interface PendingFrames {
  /** The first frame not read. */
  readonly frame: number;
  /** Frames promised. */
  readonly count: number;
  /** The time of the last frame read (a later time must be greater). */
  readonly previous: number;
  /** The model's frame times (`times[frame…]` still to fill). */
  readonly times: Float64Array;
  /** Each varying parameter's values, in file order within a frame (`sizes[k]` per frame). */
  readonly arrays: readonly Float32Array[];
  readonly sizes: readonly number[];
}

interface Split {
  readonly at: number;
  readonly pool: ArrayPool;
  pending?: PendingFrames;
}

/** Offset where the next token starts (the cursor's token becomes invalid). */
function nextTokenAt(c: TokenSource): number {
  const mark = c.mark();
  c.next();
  const at = c.start;
  c.restore(mark);
  return at;
}

interface VaryingParam {
  d: ParamDescriptor;
  width: number;
  vector: boolean;
  index: number;
}

function readFrames(
  r: Reader,
  m: MeshAnimation,
  n: number,
  varying: VaryingParam[],
  values: Float32Array[],
  split: Split,
): boolean {
  const c = r.cursor;
  if (!r.keyword("frames")) return false;
  const count = r.integer("the frame count");
  if (count === undefined) return false;
  if (count === 0) r.report(AGR.noFrames, "expected at least 1 frame, found 0", c.start, c.end);
  let perFrame = 2;
  for (const p of varying) perFrame += p.width * n;
  if (!r.fits(count, perFrame, `frames (${perFrame} tokens each)`)) return false;
  const times = split.pool.take(Float64Array, count);
  const arrays = varying.map((p) => split.pool.take(Float32Array, count * p.width * n));
  let done = 0;
  const finish = () => {
    m.times = done === count ? times : times.subarray(0, done);
    varying.forEach((p, k) => {
      const a = arrays[k]!.subarray(0, done * p.width * n);
      values[p.index] = a;
      if (p.vector) m.vectorValues[p.index - m.scalars.length] = a;
      else m.scalarValues[p.index] = a;
    });
  };
  let previous = Number.NEGATIVE_INFINITY;
  for (let f = 0; f < count; f++) {
    if (f > 0 && split.at >= 0 && nextTokenAt(c) === split.at) {
      // The rest is read elsewhere: the arrays stay whole for it.
      done = count;
      finish();
      const sizes = varying.map((p) => p.width * n);
      split.pending = { frame: f, count, previous, times, arrays, sizes };
      return false;
    }
    const t = readFrameTime(r, f, previous, AGR);
    if (t === undefined) break;
    if (Number.isFinite(t)) previous = t;
    times[f] = t;
    let ok = true;
    for (let k = 0; k < varying.length && ok; k++) {
      const p = varying[k]!;
      const what = (i: number) =>
        p.vector
          ? `component ${"xyz"[i % 3]} of node ${Math.floor(i / 3)} of '${p.d.name}' in frame ${f}`
          : `the value of node ${i} of '${p.d.name}' in frame ${f}`;
      ok = r.reals(p.width * n, arrays[k]!, f * p.width * n, what);
    }
    if (!ok || r.stopped) break;
    done = f + 1;
  }
  finish();
  return done === count && !r.stopped;
}
