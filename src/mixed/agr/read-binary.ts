/**
 * The `.agr` binary encoding reader. Arrays of the model are views into the
 * input's buffer (no copy) unless the input is misaligned, in which case the
 * bytes are copied once. Truncated or inconsistent files give diagnostics at
 * byte offsets, never an exception or a large allocation.
 */
import { decodeUtf8Strict } from "../../core/bytes.js";
import { type Diagnostic, DiagnosticSink, type Span } from "../../core/diagnostics.js";
import { checkFileSize, checkReserved, openBinary } from "../container.js";
import { AGR_HEADER_BYTES, agrLayout, FLAG_VARYING, AGR_HEADER as H } from "./binary-layout.js";
import { AGR, type AgrKind } from "./codes.js";
import type { MeshAnimation, ParamDescriptor } from "./model.js";
import { type AgrSpans, checkAgr, checkDescriptor } from "./validate.js";

/** Reads binary `.agr` bytes (the magic already recognised). */
export function readAgrBinary(input: Uint8Array): {
  model: MeshAnimation | undefined;
  diagnostics: Diagnostic[];
} {
  const sink = new DiagnosticSink<AgrKind>();
  const fail = () => ({ model: undefined, diagnostics: sink.items });
  const len = input.length;
  const file = openBinary(input, AGR_HEADER_BYTES, AGR, sink);
  if (!file) return fail();
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
  if (end > len) {
    sink.report(
      AGR.unexpectedEnd,
      `expected a ${d}-byte descriptor block ending at byte ${end}, found a ${len}-byte file`,
      len,
    );
    return fail();
  }
  if (3 * (s + v) > d) {
    sink.report(
      AGR.badSize,
      `expected at least ${3 * (s + v)} descriptor bytes for ${s} scalar and ${v} vector parameters, found ${d}`,
      H.scalarCount,
      H.vectorCount + 4,
    );
    return fail();
  }
  const params: ParamDescriptor[] = [];
  const spans: Span[] = [];
  let at = AGR_HEADER_BYTES;
  for (let i = 0; i < s + v; i++) {
    const what = i < s ? `scalar ${i}` : `vector ${i - s}`;
    const flags = bytes[at]!;
    const nameEnd = at + 3 + bytes[at + 1]!;
    const unitEnd = nameEnd + bytes[at + 2]!;
    if (unitEnd > end) {
      sink.report(
        AGR.badSize,
        `expected ${what}'s descriptor to end inside the descriptor block (byte ${end}), found it ends at byte ${unitEnd}`,
        at,
        end,
      );
      return fail();
    }
    if ((flags & ~FLAG_VARYING) !== 0) {
      sink.report(AGR.badFlags, `expected flags 0 or 1 for ${what}, found ${flags}`, at, at + 1);
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
    params.push(desc);
    spans.push([at, unitEnd]);
    if (i + 1 < s + v && unitEnd + 3 > end) {
      sink.report(
        AGR.badSize,
        `expected ${s + v - i - 1} more descriptors in the descriptor block, found its end at byte ${end}`,
        unitEnd,
        end,
      );
      return fail();
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
  if (!checkFileSize(layout.total, len, AGR, sink)) return fail();
  const buf = bytes.buffer;
  const base = bytes.byteOffset;
  const model: MeshAnimation = {
    type,
    nodeCount: n,
    positions: new Float32Array(buf, base + layout.positions, 3 * n),
    cellTypes: new Uint8Array(buf, base + layout.cellTypes, cellCount),
    connectivity: new Uint32Array(buf, base + layout.connectivity, connLength),
    scalars,
    vectors,
    times: new Float64Array(buf, base + layout.times, f),
    scalarValues: scalars.map(
      (p, i) => new Float32Array(buf, base + layout.scalars[i]!, n * (p.varying ? f : 1)),
    ),
    vectorValues: vectors.map(
      (p, i) => new Float32Array(buf, base + layout.vectors[i]!, 3 * n * (p.varying ? f : 1)),
    ),
  };
  const none: Span = [0, 0];
  const bytesAt = (o: number, size: number): Span => [o, o + size];
  const where: AgrSpans = {
    type: bytesAt(H.type, 4),
    params: bytesAt(H.scalarCount, 8),
    frames: bytesAt(H.frameCount, 4),
    coordinates: layout.vectors[0] === undefined ? none : bytesAt(layout.vectors[0], 4),
    scalar: (p) => spans[p] ?? none,
    vector: (p) => spans[s + p] ?? none,
    time: (i) => bytesAt(layout.times + 8 * i, 8),
    cellType: (c) => bytesAt(layout.cellTypes + c, 1),
    index: (k) => bytesAt(layout.connectivity + 4 * k, 4),
    value: (vector, p, i) =>
      bytesAt(
        (p < 0 ? layout.positions : (vector ? layout.vectors : layout.scalars)[p]!) + 4 * i,
        4,
      ),
  };
  checkAgr(model, sink, where, false);
  return { model, diagnostics: sink.items };
}
