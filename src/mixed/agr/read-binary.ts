/**
 * The `.agr` binary encoding reader. Arrays of the model are views into the
 * input's buffer (no copy) unless the input is misaligned, in which case the
 * bytes are copied once. Truncated or inconsistent files give diagnostics at
 * byte offsets, never an exception or a large allocation.
 */
import { aligned } from "../../core/bytes.js";
import { type Diagnostic, DiagnosticSink, type Span } from "../../core/diagnostics.js";
import { type AgrHeader, agrHeaderBytes, readAgrHeader } from "./binary-header.js";
import { AGR_HEADER as H } from "./binary-layout.js";
import type { AgrKind } from "./codes.js";
import type { MeshAnimation, ParamDescriptor } from "./model.js";
import { type AgrSpans, checkAgr } from "./validate.js";

/** Options of {@link readAgrBinary}. */
export interface AgrBinaryOptions {
  /**
   * The caller has checked every float32 value of the file's
   * {@link agrValueRanges} and found them all finite (a reader checking each
   * piece of the file as it reads it, decision 391): the check is not run
   * again. Only a caller that did so may say so; the findings are otherwise
   * the same.
   */
  readonly valuesFinite?: boolean | undefined;
}

/** Reads binary `.agr` bytes (the magic already recognised). */
export function readAgrBinary(
  input: Uint8Array,
  options: AgrBinaryOptions = {},
): {
  model: MeshAnimation | undefined;
  diagnostics: Diagnostic[];
} {
  const sink = new DiagnosticSink<AgrKind>();
  const bytes = aligned(input);
  const header = readAgrHeader(bytes, bytes.length, sink);
  if (!header) return { model: undefined, diagnostics: sink.items };
  const { layout } = header;
  const model = agrModel(header, bytes.buffer, bytes.byteOffset, (vector, p, d) => {
    const at = (vector ? layout.vectors : layout.scalars)[p]!;
    return new Float32Array(bytes.buffer, bytes.byteOffset + at, valueCount(header, vector, d));
  });
  checkAgr(model, sink, agrSpans(header), false, !options.valuesFinite);
  return { model, diagnostics: sink.items };
}

/** How many float32 values a parameter's array holds: one or three per node, per frame when varying. */
function valueCount(h: AgrHeader, vector: boolean, d: ParamDescriptor): number {
  return (vector ? 3 : 1) * h.nodeCount * (d.varying ? h.frameCount : 1);
}

/**
 * The byte ranges `[start, end)` of every float32 value a binary `.agr` of
 * `fileLength` bytes holds (the positions, then each parameter's values),
 * from its first bytes `prefix`; the arrays {@link readAgrBinary} checks for
 * finiteness are exactly these. Undefined when `prefix` does not hold the
 * header and descriptors or they cannot be read (whatever is wrong, the read
 * of the whole file reports).
 */
export function agrValueRanges(
  prefix: Uint8Array,
  fileLength: number,
): [number, number][] | undefined {
  const need = agrHeaderBytes(prefix);
  if (need === undefined || prefix.length < Math.min(need, fileLength)) return undefined;
  const h = readAgrHeader(prefix, fileLength, new DiagnosticSink<AgrKind>());
  if (!h) return undefined;
  const { layout } = h;
  const ranges: [number, number][] = [[layout.positions, layout.positions + 12 * h.nodeCount]];
  const add = (vector: boolean) => (d: ParamDescriptor, p: number) => {
    const at = (vector ? layout.vectors : layout.scalars)[p]!;
    ranges.push([at, at + 4 * valueCount(h, vector, d)]);
  };
  h.scalars.forEach(add(false));
  h.vectors.forEach(add(true));
  return ranges;
}

/**
 * The model over the header's sections: positions, cells and times are views
 * of `buf`, where file offset `o` is at byte `base + o`; parameter values come
 * from `values`.
 */
export function agrModel(
  h: AgrHeader,
  buf: ArrayBufferLike,
  base: number,
  values: (vector: boolean, p: number, d: ParamDescriptor) => Float32Array,
): MeshAnimation {
  const { layout, nodeCount: n } = h;
  return {
    type: h.type,
    nodeCount: n,
    positions: new Float32Array(buf, base + layout.positions, 3 * n),
    cellTypes: new Uint8Array(buf, base + layout.cellTypes, h.cellCount),
    connectivity: new Uint32Array(buf, base + layout.connectivity, h.connectivityLength),
    scalars: h.scalars,
    vectors: h.vectors,
    times: new Float64Array(buf, base + layout.times, h.frameCount),
    scalarValues: h.scalars.map((d, p) => values(false, p, d)),
    vectorValues: h.vectors.map((d, p) => values(true, p, d)),
  };
}

/** Byte spans of everything the checks locate, from the header alone. */
export function agrSpans(h: AgrHeader): AgrSpans {
  const { layout } = h;
  const spans = h.descriptorSpans;
  const s = h.scalars.length;
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
