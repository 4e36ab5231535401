/**
 * {@link decodePngBounded}: {@link decodePng} after checking that the
 * picture's compressed data does not inflate past the size its header
 * declares. The decoder (fast-png) inflates the data in one go, so without
 * this check a few kilobytes of IDAT that expand to gigabytes would cost that
 * memory before the size mismatch is found. The check counts the inflated
 * bytes and holds none of them (`inflatedLength`). Before it, the PNG is
 * reduced to the chunks a picture needs (IHDR, PLTE, tRNS, IDAT, IEND): the
 * decoder inflates an `iCCP` profile or `zTXt`/`iTXt` text without a limit,
 * and none of them changes the RGBA8 pixels Deforma uses; and IHDR must be
 * the first chunk, as the PNG specification says (a later one slipped past
 * the size check).
 */
import { concatBytes } from "../../core/bytes.js";
import { type Diagnostic, DiagnosticSink } from "../../core/diagnostics.js";
import { inflatedLength } from "../../core/inflate.js";
import { PNG, type PngCode, type PngKind } from "./codes.js";
import {
  decodePng,
  PNG_DECODE_DEFAULTS,
  type PngDecodeOptions,
  type PngDecodeResult,
} from "./decode.js";

/** Samples per pixel of each PNG colour type (grey, RGB, palette, grey + alpha, RGBA). */
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Adam7's passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * Bytes of the filtered picture data a PNG header declares (each row's
 * filter byte included; every Adam7 pass for an interlaced picture), or
 * undefined for a header the decoder must judge (unknown colour type).
 */
export function pngDataLength(
  width: number,
  height: number,
  depth: number,
  colourType: number,
  interlaced: boolean,
): number | undefined {
  const channels = CHANNELS[colourType];
  if (channels === undefined || depth < 1 || depth > 16) return undefined;
  const bits = channels * depth;
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bits) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    total += rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy));
  }
  return total;
}

/** Decodes a PNG as {@link decodePng} does, refusing first (PNG002) compressed data that inflates past its declared size. */
export async function decodePngBounded(
  given: Uint8Array,
  options: PngDecodeOptions = {},
): Promise<PngDecodeResult> {
  const bytes = pictureChunks(given);
  if ("finding" in bytes) return { diagnostics: [bytes.finding] };
  const over = await overflow(bytes.png, options.maxPixels ?? PNG_DECODE_DEFAULTS.maxPixels);
  return over ? { diagnostics: [over] } : decodePng(bytes.png, options);
}

/** The chunks that make the picture; every other chunk is left out unread. */
const PICTURE_CHUNKS = new Set(["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]);

/**
 * `bytes` with only {@link PICTURE_CHUNKS} (whole chunks copied, CRCs kept;
 * a chunk running past the end and what follows are kept as they are, for
 * the decoder to report), or a finding (PNG002) when a PNG's first chunk is
 * not IHDR. Bytes that are not a PNG are returned as they are.
 */
function pictureChunks(bytes: Uint8Array): { png: Uint8Array } | { finding: Diagnostic<PngCode> } {
  const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 16 || SIGNATURE.some((b, i) => bytes[i] !== b)) return { png: bytes };
  const type = (at: number) => String.fromCharCode(...bytes.subarray(at + 4, at + 8));
  if (type(8) !== "IHDR") {
    const sink = new DiagnosticSink<PngKind>();
    sink.report(
      PNG.corrupt,
      `cannot decode the PNG: its first chunk is '${type(8)}', not IHDR (the header must come first); not decoded`,
      12,
      16,
    );
    return { finding: sink.items[0]! };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let dropped = false;
  let at = 8;
  while (at + 12 <= bytes.length) {
    const end = at + 12 + view.getUint32(at);
    if (end > bytes.length) break;
    if (PICTURE_CHUNKS.has(type(at))) kept.push(bytes.subarray(at, end));
    else dropped = true;
    at = end;
  }
  if (!dropped) return { png: bytes };
  kept.push(bytes.subarray(at));
  return { png: concatBytes(kept) };
}

/** The finding when the IDAT data inflates past the header's size; undefined otherwise (the decoder judges the rest). */
async function overflow(
  bytes: Uint8Array,
  maxPixels: number,
): Promise<Diagnostic<PngCode> | undefined> {
  // Signature (8), then IHDR: length (4), type (4), width, height, depth, colour type, compression, filter, interlace.
  if (bytes.length < 33 || String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR")
    return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0 || width * height > maxPixels) return undefined;
  const depth = bytes[24]!;
  const colourType = bytes[25]!;
  const expected = pngDataLength(width, height, depth, colourType, bytes[28] === 1);
  if (expected === undefined) return undefined;
  // The IDAT chunks' data, in order (a chunk running past the end stops the walk: the decoder reports it).
  const parts: Uint8Array[] = [];
  let first = -1;
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) break;
    if (String.fromCharCode(...bytes.subarray(at + 4, at + 8)) === "IDAT") {
      if (first < 0) first = at + 8;
      parts.push(bytes.subarray(at + 8, at + 8 + length));
    }
    at = end;
  }
  if (parts.length === 0) return undefined;
  const data = parts.length === 1 ? parts[0]! : concatBytes(parts);
  if ((await inflatedLength(data, expected)) !== "over") return undefined;
  const sink = new DiagnosticSink<PngKind>();
  sink.report(
    PNG.corrupt,
    `cannot decode the PNG: its compressed picture data inflates past the ${expected} bytes its header declares (${width} × ${height}, ${depth}-bit, colour type ${colourType}); not decoded`,
    first,
    first + parts[0]!.length,
  );
  return sink.items[0];
}
