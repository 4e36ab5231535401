/**
 * The header and parameter descriptors of a binary `.agr`, read from the
 * file's first bytes alone, so that a reader holding only a prefix (a byte
 * range over HTTP, a few KB of a file descriptor) knows every section's
 * offset. Never throws; findings are located at byte offsets.
 */
import { decodeUtf8Strict } from "../../core/bytes.js";
import type { Reporter, Span } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { checkFileSize, checkReserved, openBinary } from "../container.js";
import {
  AGR_HEADER_BYTES,
  type AgrLayout,
  agrLayout,
  FLAG_VARYING,
  AGR_HEADER as H,
} from "./binary-layout.js";
import { AGR, type AgrKind } from "./codes.js";
import type { ParamDescriptor } from "./model.js";
import { checkDescriptor } from "./validate.js";

/** What the header and descriptors of a binary `.agr` say. */
export interface AgrHeader {
  type: number;
  nodeCount: number;
  cellCount: number;
  connectivityLength: number;
  frameCount: number;
  descriptorBytes: number;
  scalars: ParamDescriptor[];
  vectors: ParamDescriptor[];
  /** Byte span of each descriptor, scalars first. */
  descriptorSpans: Span[];
  /** Every section's byte offset and the file's expected size. */
  layout: AgrLayout;
}

/** Bytes of the header and descriptor block, from the first {@link AGR_HEADER_BYTES} bytes (undefined when shorter). */
export function agrHeaderBytes(prefix: Uint8Array): number | undefined {
  if (prefix.length < AGR_HEADER_BYTES) return undefined;
  const view = new DataView(prefix.buffer, prefix.byteOffset, prefix.byteLength);
  return AGR_HEADER_BYTES + view.getUint32(H.descriptorBytes, true);
}

/**
 * Reads the header and descriptors from `prefix`, the first bytes of a file
 * of `fileLength` bytes, and checks the size the counts promise against
 * `fileLength`. `prefix` must hold {@link agrHeaderBytes} bytes when the file
 * does; undefined (reported) when nothing can be read.
 */
export function readAgrHeader(
  prefix: Uint8Array,
  fileLength: number,
  sink: Reporter<AgrKind>,
): AgrHeader | undefined {
  const file = openBinary(
    prefix.length < fileLength ? prefix : prefix.subarray(0, fileLength),
    AGR_HEADER_BYTES,
    AGR,
    sink,
  );
  if (!file) return undefined;
  const { bytes, u32 } = file;
  const type = u32(H.type);
  const n = u32(H.nodeCount);
  const cellCount = u32(H.cellCount);
  const connLength = u32(H.connectivityLength);
  const s = u32(H.scalarCount);
  const v = u32(H.vectorCount);
  const f = u32(H.frameCount);
  const d = u32(H.descriptorBytes);
  checkReserved(file, [H.reserved], AGR, sink);
  const end = AGR_HEADER_BYTES + d;
  if (!descriptorBlockFits(bytes.length, fileLength, s, v, d, sink)) return undefined;
  const descriptors = readDescriptors(bytes, s, v, end, sink);
  if (!descriptors) return undefined;
  const { params, spans } = descriptors;
  const scalars = params.slice(0, s);
  const vectors = params.slice(s);
  const layout = agrLayout({
    nodeCount: n,
    cellCount,
    connectivityLength: connLength,
    frameCount: f,
    descriptorBytes: d,
    scalarVarying: scalars.map((p) => p.varying),
    vectorVarying: vectors.map((p) => p.varying),
  });
  if (!checkFileSize(layout.total, fileLength, AGR, sink)) return undefined;
  return {
    type,
    nodeCount: n,
    cellCount,
    connectivityLength: connLength,
    frameCount: f,
    descriptorBytes: d,
    scalars,
    vectors,
    descriptorSpans: spans,
    layout,
  };
}

/**
 * Whether the descriptor block of `d` bytes (for `s` scalar and `v` vector parameters) lies
 * inside the file and inside the `available` bytes read; reported when not.
 */
function descriptorBlockFits(
  available: number,
  fileLength: number,
  s: number,
  v: number,
  d: number,
  sink: Reporter<AgrKind>,
): boolean {
  const end = AGR_HEADER_BYTES + d;
  if (end > fileLength) {
    sink.report(
      AGR.unexpectedEnd,
      `expected a ${d}-byte descriptor block ending at byte ${end}, found a ${fileLength}-byte file`,
      fileLength,
    );
    return false;
  }
  if (end > available) {
    // The caller's prefix is shorter than agrHeaderBytes said: reported, never a throw.
    sink.report(
      AGR.unexpectedEnd,
      `expected the first ${end} bytes (header and descriptors) to be read, found ${available}`,
      available,
    );
    return false;
  }
  if (3 * (s + v) > d) {
    sink.report(
      AGR.badSize,
      `expected at least ${3 * (s + v)} descriptor bytes for ${s} scalar and ${v} vector parameters, found ${d}`,
      H.scalarCount,
      H.vectorCount + 4,
    );
    return false;
  }
  return true;
}

/**
 * The `s` scalar then `v` vector descriptors of the block ending at `end`,
 * with their byte spans; undefined (reported) when one overruns the block.
 */
function readDescriptors(
  bytes: Uint8Array,
  s: number,
  v: number,
  end: number,
  sink: Reporter<AgrKind>,
): { params: ParamDescriptor[]; spans: Span[] } | undefined {
  const params: ParamDescriptor[] = [];
  const spans: Span[] = [];
  let at = AGR_HEADER_BYTES;
  for (let i = 0; i < s + v; i++) {
    const what = i < s ? `scalar ${i}` : `vector ${i - s}`;
    const unitEnd = at + 3 + bytes[at + 1]! + bytes[at + 2]!;
    if (unitEnd > end) {
      sink.report(
        AGR.badSize,
        `expected ${what}'s descriptor to end inside the descriptor block (byte ${end}), found it ends at byte ${unitEnd}`,
        at,
        end,
      );
      return undefined;
    }
    params.push(readDescriptor(bytes, at, i < s ? i : i - s, i < s ? "scalar" : "vector", sink));
    spans.push([at, unitEnd]);
    if (i + 1 < s + v && unitEnd + 3 > end) {
      sink.report(
        AGR.badSize,
        `expected ${s + v - i - 1} more descriptors in the descriptor block, found its end at byte ${end}`,
        unitEnd,
        end,
      );
      return undefined;
    }
    at = unitEnd;
  }
  if (at !== end) {
    sink.report(
      AGR.badSize,
      `expected the descriptor block to end after the last descriptor (byte ${at}), found ${end - at} more bytes`,
      at,
      end,
    );
  }
  return { params, spans };
}

/** The descriptor at `at` (flags, name length, unit length, name, unit), known to fit; its findings reported. */
function readDescriptor(
  bytes: Uint8Array,
  at: number,
  index: number,
  kind: "scalar" | "vector",
  sink: Reporter<AgrKind>,
): ParamDescriptor {
  const what = `${kind} ${index}`;
  const flags = bytes[at]!;
  const nameEnd = at + 3 + bytes[at + 1]!;
  const unitEnd = nameEnd + bytes[at + 2]!;
  if ((flags & ~FLAG_VARYING) !== 0) {
    sink.report(
      AGR.badFlags,
      msg`expected flags 0 or 1 for ${kind} ${{ index }}, found ${{ flags }}`,
      at,
      at + 1,
    );
  }
  const name = decodeUtf8Strict(bytes, at + 3, nameEnd);
  const unit = decodeUtf8Strict(bytes, nameEnd, unitEnd);
  if (name === undefined)
    sink.report(AGR.badName, `${what} name is not valid UTF-8`, at + 3, nameEnd);
  if (unit === undefined)
    sink.report(AGR.badName, `${what} unit is not valid UTF-8`, nameEnd, unitEnd);
  const desc = { name: name ?? "", unit: unit ?? "", varying: (flags & FLAG_VARYING) !== 0 };
  if (name !== undefined && unit !== undefined) {
    checkDescriptor(desc, what, sink, [at + 3, nameEnd], [nameEnd, unitEnd]);
  }
  return desc;
}

/** Where one parameter's values for one frame lie in a binary `.agr`. */
export interface AgrFrameSpan {
  /** A vector parameter (xyz per node) or a scalar one. */
  vector: boolean;
  /** Parameter number among the scalars or the vectors. */
  param: number;
  /** Stored per frame; a constant parameter's span is the same for every frame. */
  varying: boolean;
  /** Byte offset of the values in the file (a multiple of 4; of 8 for frame 0). */
  offset: number;
  /** Byte length: 4·N (scalar) or 12·N (vector) little-endian float32. */
  length: number;
}

/**
 * Byte offset and length of every parameter's values at `frame` (0-based,
 * below `header.frameCount`), scalars first, then vectors, in file order. A
 * pure function of the header: a reader fetches a frame with one range request
 * per span (constant parameters' spans do not depend on `frame`).
 */
export function agrFrameSpans(header: AgrHeader, frame: number): AgrFrameSpan[] {
  const n = header.nodeCount;
  const span = (vector: boolean, d: ParamDescriptor, param: number, start: number) => {
    const length = (vector ? 12 : 4) * n;
    return {
      vector,
      param,
      varying: d.varying,
      offset: start + (d.varying ? frame * length : 0),
      length,
    };
  };
  return [
    ...header.scalars.map((d, p) => span(false, d, p, header.layout.scalars[p]!)),
    ...header.vectors.map((d, p) => span(true, d, p, header.layout.vectors[p]!)),
  ];
}
