/**
 * Decoding a VTK XML `DataArray`: `ascii` numbers, inline `binary` base64,
 * `appended` data (base64 or raw), each with a UInt32 or UInt64 byte-count
 * header, optionally zlib-compressed in blocks (inflated with the platform's
 * `DecompressionStream`). Values come back as float64; problems are reported.
 */

import { Base64Reader } from "../../core/base64.js";
import type { Reporter } from "../../core/diagnostics.js";
import { inflate } from "../../core/inflate.js";
import { msg } from "../../core/message.js";
import { attr, attrStart, type XmlElement, type XmlSource } from "../../core/xml.js";
import { VTK } from "./codes.js";
import type { ArrayMemo, EncodedSource } from "./read-memo.js";
import { hasNonBlank, readAscii } from "./read-text.js";
import { typedValues } from "./typed-values.js";

/** What a file says about how its arrays are stored. */
export interface DataContext {
  /** The XML of the file, text or ASCII bytes (ascii and inline binary data live in it). */
  readonly source: XmlSource;
  /** Bytes after the `_` of `<AppendedData>`, if any. */
  readonly appended?: Uint8Array;
  /** Encoding of the appended data. */
  readonly appendedEncoding: "raw" | "base64";
  /** Bytes of a size header: 4 (UInt32) or 8 (UInt64). */
  readonly headerSize: 4 | 8;
  /** Whether arrays are zlib-compressed (`compressor="vtkZLibDataCompressor"`). */
  readonly compressed: boolean;
  readonly sink: Reporter;
  /** What the arrays of this read may still take (shared by every file of a series). */
  readonly budget: MemoryBudget;
  /** A series' arrays decoded once (read-memo.ts), when the file is one of several. */
  readonly memo?: ArrayMemo | undefined;
}

/**
 * The memory the arrays of one read may take, counted as the float64 values
 * they become (8 bytes each). Checked before anything is inflated or
 * allocated, so a hostile file (a zlib bomb of many small blocks) is refused
 * at its header, not after it has filled memory.
 */
export type MemoryBudget = { remaining: number; readonly total: number };

/** The budget of one read: 1 GiB of float64 values (docs/formats/exports.md). */
export const READ_BUDGET_BYTES = 2 ** 30;

/** A new budget of {@link READ_BUDGET_BYTES}. */
export function readBudget(bytes: number = READ_BUDGET_BYTES): MemoryBudget {
  return { remaining: bytes, total: bytes };
}

/** A budget's size (`total`, what it was at the start) for a message: "1 GiB", "512 MiB". */
export function budgetWords({ total }: MemoryBudget): string {
  return total % 2 ** 30 === 0 ? `${total / 2 ** 30} GiB` : `${Math.round(total / 2 ** 20)} MiB`;
}

/**
 * How many tuples an array's element declares: exactly `n`, or at most
 * `{max}` (offsets: cells or cells + 1); undefined when the file does not say.
 */
export type ArraySize = number | { readonly max: number };

/** A decoded array: `components` values per tuple. */
export interface DecodedArray {
  readonly name: string;
  readonly components: number;
  readonly values: Float64Array;
}

/** Byte size and reader of each VTK value type (little-endian). */
const TYPES: Record<string, readonly [size: number, get: (v: DataView, o: number) => number]> = {
  Int8: [1, (v, o) => v.getInt8(o)],
  UInt8: [1, (v, o) => v.getUint8(o)],
  Int16: [2, (v, o) => v.getInt16(o, true)],
  UInt16: [2, (v, o) => v.getUint16(o, true)],
  Int32: [4, (v, o) => v.getInt32(o, true)],
  UInt32: [4, (v, o) => v.getUint32(o, true)],
  Int64: [8, (v, o) => v.getUint32(o, true) + v.getInt32(o + 4, true) * 2 ** 32],
  UInt64: [8, (v, o) => v.getUint32(o, true) + v.getUint32(o + 4, true) * 2 ** 32],
  Float32: [4, (v, o) => v.getFloat32(o, true)],
  Float64: [8, (v, o) => v.getFloat64(o, true)],
};

/** A sequential byte source over raw bytes or base64 text. */
interface ByteSource {
  /** The next `count` bytes as one chunk (base64: one padded group), or undefined. */
  read(count: number): Uint8Array | undefined;
  mark(): number;
  restore(mark: number): void;
}

function rawSource(bytes: Uint8Array, start: number): ByteSource {
  let pos = start;
  return {
    read(count) {
      if (count < 0 || pos + count > bytes.length) return undefined;
      const out = bytes.subarray(pos, pos + count);
      pos += count;
      return out;
    },
    mark: () => pos,
    restore: (m) => {
      pos = m;
    },
  };
}

function base64Source(r: Base64Reader): ByteSource {
  return {
    read(count) {
      // More bytes than the characters left can hold: truncated.
      if (count < 0 || count > Math.floor((r.end - r.pos) / 4) * 3 + 2) return undefined;
      const out = new Uint8Array(count);
      return r.take(count, out) ? out : undefined;
    },
    // Marks are taken at the start of an array's data, where no decoded bytes wait.
    mark: () => r.pos,
    restore: (m) => r.seek(m),
  };
}

/**
 * The values of DataArray `e`, or undefined (reported) when they cannot be
 * read. `tuples`, when known, is checked against the number of values.
 */
export async function readDataArray(
  ctx: DataContext,
  e: XmlElement,
  size?: ArraySize,
): Promise<DecodedArray | undefined> {
  const tuples = typeof size === "number" ? size : undefined;
  const name = attr(e, "Name") ?? "";
  const type = attr(e, "type") ?? "";
  // An empty NumberOfComponents (every Firedrake file) means 1, as in VTK.
  const components = Number(attr(e, "NumberOfComponents")?.trim() || "1");
  const bad = (message: string, at = e.start): undefined => {
    ctx.sink.report(VTK.dataArray, `DataArray '${name}': ${message}`, at, at + 1);
    return undefined;
  };
  const t = TYPES[type];
  if (!t)
    return bad(
      `unknown type '${type}' (Int8 … UInt64, Float32, Float64 expected)`,
      attrStart(e, "type"),
    );
  if (!(Number.isInteger(components) && components >= 1)) {
    return bad("NumberOfComponents must be a positive integer", attrStart(e, "NumberOfComponents"));
  }
  const format = attr(e, "format") ?? "ascii";
  const maxTuples = typeof size === "number" ? size : size?.max;
  // The most bytes the data may have: what the element declares, and what the budget leaves.
  const declared =
    maxTuples === undefined ? Number.POSITIVE_INFINITY : maxTuples * components * t[0];
  const affordable = (ctx.budget.remaining / 8) * t[0];
  const tooLarge = (bytes: number): undefined => {
    ctx.sink.report(
      VTK.budget,
      `DataArray '${name}': its ${bytes / t[0]} values exceed what this read may still hold (budget of ${budgetWords(ctx.budget)} of values)`,
      e.start,
      e.start + 1,
    );
    return undefined;
  };
  const limit = { bytes: affordable, declared, tooLarge };
  const origin = encoded(ctx, e, format);
  const role = `${name}\0${type}\0${components}\0${format}\0${declared}\0${ctx.headerSize}${ctx.compressed}${ctx.appendedEncoding}`;
  // An ascii array is all of its text; a binary one what its headers say.
  const shared =
    origin &&
    ctx.memo?.find(role, origin.src, origin.start, format === "ascii" ? e.text.at(-1) : undefined);
  let values: Float64Array | undefined = shared;
  let end = -1;
  if (shared) {
    // Decoded from these very bytes before (read-memo.ts): the same values, no memory taken.
  } else if (format === "ascii") {
    values = readAscii(ctx.source, e, bad);
    if (values && values.length * 8 > ctx.budget.remaining) return tooLarge(values.length * t[0]);
    end = e.text.at(-1) ?? -1;
  } else if (format === "binary" || format === "appended") {
    const source = binarySource(ctx, e, format, bad);
    const bytes = source && (await readBinary(ctx, e, source, bad, limit));
    if (bytes) {
      end = source.mark();
      const [size, get] = t;
      if (bytes.length % size !== 0)
        return bad(`${bytes.length} bytes is not a whole number of ${type} values`);
      // Inflated bytes are this array's own: Float64 is viewed, not copied.
      values = typedValues(bytes, type, ctx.compressed);
      if (!values) {
        const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        values = new Float64Array(bytes.length / size);
        for (let k = 0, o = 0; k < values.length; k++, o += size) values[k] = get(view, o);
      }
    }
  } else {
    ctx.sink.report(
      VTK.encoding,
      `DataArray '${name}': format '${format}' is not ascii, binary or appended`,
      attrStart(e, "format"),
    );
  }
  if (!values) return undefined;
  if (!shared) ctx.budget.remaining -= values.length * 8;
  if (tuples !== undefined && values.length !== tuples * components) {
    return bad(
      `expected ${tuples * components} values (${tuples} × ${components}), found ${values.length}`,
    );
  }
  if (values.length % components !== 0)
    return bad(`${values.length} values is not a multiple of ${components} components`);
  if (origin && !shared && end >= origin.start)
    ctx.memo?.keep(role, origin.src, origin.start, end, values);
  return { name, components, values };
}

/** What a binary array may take: the budget's bytes, the declared bytes, and how to refuse more. */
interface BinaryLimit {
  /** What the budget allows. */
  readonly bytes: number;
  /** What the element declares: longer data is read up to here. */
  readonly declared: number;
  readonly tooLarge: (bytes: number) => undefined;
}

type Bad = (m: string, at?: number) => undefined;

/** The bytes of a `binary` or `appended` DataArray `e`: its size header(s), then the data, inflated when compressed. */
async function readBinary(
  ctx: DataContext,
  e: XmlElement,
  source: ByteSource,
  bad: Bad,
  limit: BinaryLimit,
): Promise<Uint8Array | undefined> {
  if (!ctx.compressed) {
    const head = source.read(ctx.headerSize);
    if (!head) return bad("the size header is missing or not base64");
    // Data longer than the element declares: its first bytes, as VTK reads them (DOLFIN pads).
    const size = Math.min(sizeHeader(head, 0, ctx.headerSize), limit.declared);
    if (size > limit.bytes) return limit.tooLarge(size);
    const data = source.read(size);
    return data ?? bad(`the header promises ${size} bytes but the data is shorter or not base64`);
  }
  return readCompressed(ctx, e, source, bad, limit);
}

/**
 * Where the encoded data of `e` starts: its text (ascii), its first run of
 * non-blank text (binary), or its offset into the appended data; undefined
 * when there is none (the readers below report why).
 */
function encoded(
  ctx: DataContext,
  e: XmlElement,
  format: string,
): { readonly src: EncodedSource; readonly start: number } | undefined {
  if (format === "ascii")
    return e.text.length > 0 ? { src: ctx.source, start: e.text[0]! } : undefined;
  if (format === "binary") {
    for (let r = 0; r < e.text.length; r += 2)
      if (hasNonBlank(ctx.source, e.text[r]!, e.text[r + 1]!))
        return { src: ctx.source, start: e.text[r]! };
    return undefined;
  }
  if (format !== "appended" || !ctx.appended) return undefined;
  const offset = Number(attr(e, "offset"));
  const ok = Number.isInteger(offset) && offset >= 0 && offset <= ctx.appended.length;
  return ok ? { src: ctx.appended, start: offset } : undefined;
}

/** A reader of the data of `e` from where {@link encoded} says it starts, or undefined (reported). */
function binarySource(
  ctx: DataContext,
  e: XmlElement,
  format: "binary" | "appended",
  bad: Bad,
): ByteSource | undefined {
  const at = encoded(ctx, e, format);
  if (format === "binary") {
    if (!at) return bad("no data");
    let end = -1;
    for (let r = 0; r < e.text.length && end < 0; r += 2)
      if (e.text[r] === at.start) end = e.text[r + 1]!;
    return base64Source(new Base64Reader(ctx.source, at.start, end));
  }
  const data = ctx.appended;
  if (!data) return bad("format 'appended' but the file has no AppendedData");
  if (!at) {
    return bad(
      `offset '${attr(e, "offset")}' is outside the appended data`,
      attrStart(e, "offset"),
    );
  }
  return ctx.appendedEncoding === "raw"
    ? rawSource(data, at.start)
    : base64Source(new Base64Reader(data, at.start, data.length));
}

/** The `i`-th size header of `h` bytes (UInt32 or UInt64, little-endian) in `bytes`. */
function sizeHeader(bytes: Uint8Array, i: number, h: 4 | 8): number {
  const v = new DataView(bytes.buffer, bytes.byteOffset + i * h, h);
  return h === 4 ? v.getUint32(0, true) : v.getUint32(0, true) + v.getUint32(4, true) * 2 ** 32;
}

/**
 * zlib-compressed data: the header (block count, block size, last block's
 * size, each block's compressed size), checked against what zlib can expand
 * and the budget before anything is inflated; then the blocks.
 */
async function readCompressed(
  ctx: DataContext,
  e: XmlElement,
  source: ByteSource,
  bad: Bad,
  limit: BinaryLimit,
): Promise<Uint8Array | undefined> {
  const h = ctx.headerSize;
  const header = (bytes: Uint8Array, i: number) => sizeHeader(bytes, i, h);
  const mark = source.mark();
  const first = source.read(h);
  if (!first) return bad("the compression header is missing or not base64");
  const blocks = header(first, 0);
  source.restore(mark);
  const head = blocks < 2 ** 24 ? source.read((3 + blocks) * h) : undefined;
  if (!head) return bad(`the compression header of ${blocks} blocks is truncated`);
  const blockSize = header(head, 1);
  const lastSize = header(head, 2) || blockSize;
  let total = 0;
  for (let b = 0; b < blocks; b++) total += header(head, 3 + b);
  const packed = source.read(total);
  if (!packed)
    return bad(
      `the header promises ${total} compressed bytes but the data is shorter or not base64`,
    );
  const claimed = blocks === 0 ? 0 : (blocks - 1) * blockSize + lastSize;
  // zlib cannot expand more than about 1032:1; larger claims are corrupt headers, not data.
  if (claimed > 1032 * total + 64 * blocks) {
    return bad(`the compression header claims ${claimed} bytes from ${total} compressed bytes`);
  }
  // Only what the element declares is inflated (VTK reads no further; DOLFIN pads its offsets),
  // bounded by the budget before anything is inflated.
  const size = Math.min(claimed, limit.declared);
  if (size > limit.bytes) return limit.tooLarge(size);
  const out = new Uint8Array(size);
  for (let b = 0, at = 0, o = 0; o < size; b++) {
    const packedSize = header(head, 3 + b);
    const whole = b === blocks - 1 ? lastSize : blockSize;
    const expected = Math.min(whole, size - o);
    const block = await inflate(packed.subarray(at, at + packedSize), expected, expected < whole);
    if (!block || block.length !== expected) {
      ctx.sink.report(
        VTK.decompress,
        msg`DataArray '${{ array: attr(e, "Name") ?? "" }}': block ${{ block: b }} does not inflate to ${{ bytes: expected }} bytes`,
        e.start,
        e.start + 1,
      );
      return undefined;
    }
    out.set(block, o);
    at += packedSize;
    o += expected;
  }
  return out;
}
