/**
 * The `.agr` binary encoding reader. Arrays of the model are views into the
 * input's buffer (no copy) unless the input is misaligned, in which case the
 * bytes are copied once. Truncated or inconsistent files give diagnostics at
 * byte offsets, never an exception or a large allocation.
 */
import { aligned } from "../../core/bytes.js";
import { type Diagnostic, DiagnosticSink, type Span } from "../../core/diagnostics.js";
import { type AgrHeader, readAgrHeader } from "./binary-header.js";
import { AGR_HEADER as H } from "./binary-layout.js";
import type { AgrKind } from "./codes.js";
import type { MeshAnimation } from "./model.js";
import { type AgrSpans, checkAgr } from "./validate.js";

/** Reads binary `.agr` bytes (the magic already recognised). */
export function readAgrBinary(input: Uint8Array): {
  model: MeshAnimation | undefined;
  diagnostics: Diagnostic[];
} {
  const sink = new DiagnosticSink<AgrKind>();
  const bytes = aligned(input);
  const header = readAgrHeader(bytes, bytes.length, sink);
  if (!header) return { model: undefined, diagnostics: sink.items };
  const { layout, scalars, vectors, nodeCount: n, frameCount: f } = header;
  const buf = bytes.buffer;
  const base = bytes.byteOffset;
  const model: MeshAnimation = {
    type: header.type,
    nodeCount: n,
    positions: new Float32Array(buf, base + layout.positions, 3 * n),
    cellTypes: new Uint8Array(buf, base + layout.cellTypes, header.cellCount),
    connectivity: new Uint32Array(buf, base + layout.connectivity, header.connectivityLength),
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
  checkAgr(model, sink, binarySpans(header), false);
  return { model, diagnostics: sink.items };
}

/** Where each checked item of a binary `.agr` with `header` lies (byte spans). */
export function binarySpans(header: AgrHeader): AgrSpans {
  const { layout, descriptorSpans: spans } = header;
  const s = header.scalars.length;
  const none: Span = [0, 0];
  const bytesAt = (o: number, size: number): Span => [o, o + size];
  return {
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
}
