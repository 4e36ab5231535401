/**
 * A binary `.agr` read frame by frame: the header, descriptors, times,
 * positions, cells and constant parameters are read at once; frame f of a
 * varying parameter is read when asked for, checked (finite) as it is read,
 * and kept in a cache that never holds more than a byte budget. Isomorphic:
 * bytes come through a {@link ByteSource} (a file descriptor in Node,
 * `src/node/agr-frames.ts`). Never throws; findings are located at byte offsets.
 */
import { startsWith } from "../../core/bytes.js";
import { type Diagnostic, DiagnosticSink } from "../../core/diagnostics.js";
import { firstNonFinite } from "../../core/finite.js";
import { type AgrHeader, agrHeaderBytes, readAgrHeader } from "./binary-header.js";
import { AGR_HEADER_BYTES, AGR_MAGIC } from "./binary-layout.js";
import { AGR, type AgrKind } from "./codes.js";
import type { AgrFrames, MeshAnimation } from "./model.js";
import { agrModel, agrSpans } from "./read-binary.js";
import { type AgrSpans, checkAgr, reportNonFinite, valuesName } from "./validate.js";

/** Random access to bytes: a file, a blob, a buffer. */
export interface ByteSource {
  /** Size in bytes. */
  readonly length: number;
  /**
   * Copies up to `length` bytes at `offset` into `into` (from its start) and
   * returns how many it copied: fewer only at the end of the data. May throw
   * on an I/O error (the reader reports it as a finding).
   */
  read(offset: number, length: number, into: Uint8Array): number;
}

/** A {@link ByteSource} over bytes in memory. */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    length: bytes.length,
    read(offset, length, into) {
      const part = bytes.subarray(offset, Math.min(bytes.length, offset + length));
      into.set(part);
      return part.length;
    },
  };
}

/** Default cache budget of a frame source: 256 MiB of frame values. */
export const DEFAULT_FRAME_BUDGET = 256 * 2 ** 20;

/** Bytes read at once for the header and descriptors (more when the descriptors are longer). */
const PREFIX_BYTES = 4096;

/**
 * Frames of a binary `.agr` read on demand through a {@link ByteSource}.
 * Cache: least recently used blocks (one parameter, one frame) are dropped so
 * that the bytes held never exceed {@link budget}; a block larger than the
 * budget is returned without being kept. Returned arrays are never reused,
 * so an array stays valid while its holder keeps it, whatever is read next.
 */
export class AgrFrameSource implements AgrFrames {
  /** Bytes of frame values the cache holds now. */
  held = 0;
  /** The most bytes the cache ever held (≤ {@link budget}). */
  peakHeld = 0;
  /** Frame blocks read from the source so far (cache misses). */
  reads = 0;
  private readonly cache = new Map<number, Float32Array>();
  private readonly reported = new Set<number>();
  private readonly at: AgrSpans;

  constructor(
    readonly header: AgrHeader,
    private readonly source: ByteSource,
    private readonly sink: DiagnosticSink<AgrKind>,
    readonly budget: number = DEFAULT_FRAME_BUDGET,
  ) {
    this.at = agrSpans(header);
  }

  scalar(p: number, f: number): Float32Array {
    return this.block(false, p, f);
  }

  vector(p: number, f: number): Float32Array {
    return this.block(true, p, f);
  }

  private block(vector: boolean, p: number, f: number): Float32Array {
    const h = this.header;
    const param = vector ? h.scalars.length + p : p;
    const key = param * h.frameCount + f;
    const hit = this.cache.get(key);
    if (hit) {
      // Most recently used last: Map keeps insertion order.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const count = (vector ? 3 : 1) * h.nodeCount;
    const values = new Float32Array(count);
    const offset = (vector ? h.layout.vectors : h.layout.scalars)[p]! + 4 * count * f;
    this.reads++;
    if (readInto(this.source, offset, new Uint8Array(values.buffer), this.sink)) {
      const i = firstNonFinite(values);
      if (i >= 0 && !this.reported.has(param)) {
        // One report per parameter, as the whole-file reader gives.
        this.reported.add(param);
        const element = count * f + i;
        const what = valuesName(h, vector, p);
        reportNonFinite(this.sink, what, values[i]!, element, this.at.value(vector, p, element));
      }
    }
    this.keep(key, values);
    return values;
  }

  private keep(key: number, values: Float32Array): void {
    const size = values.byteLength;
    if (size > this.budget) return;
    for (const [k, v] of this.cache) {
      if (this.held + size <= this.budget) break;
      this.cache.delete(k);
      this.held -= v.byteLength;
    }
    this.cache.set(key, values);
    this.held += size;
    if (this.held > this.peakHeld) this.peakHeld = this.held;
  }
}

/** Fills `into` from `offset`; false (reported at the byte where reading stopped) when the source ends or fails first. */
function readInto(
  source: ByteSource,
  offset: number,
  into: Uint8Array,
  sink: DiagnosticSink<AgrKind>,
): boolean {
  let count = 0;
  let why = "";
  try {
    while (count < into.length) {
      const got = source.read(offset + count, into.length - count, into.subarray(count));
      if (got <= 0) break;
      count += got;
    }
  } catch (e) {
    why = `: ${e instanceof Error ? e.message : String(e)}`;
  }
  if (count === into.length) return true;
  sink.report(
    AGR.unexpectedEnd,
    `expected ${into.length} bytes at byte ${offset}, read ${count}${why}`,
    offset + count,
  );
  return false;
}

/** What {@link openAgrFrames} found. */
export interface AgrFramesResult {
  /** The model, its varying values read through `model.frames`; undefined when nothing usable was read. */
  model: MeshAnimation | undefined;
  /** The frame source (its cache statistics); undefined with the model. */
  frames: AgrFrameSource | undefined;
  /**
   * Findings of the header, mesh, times and constant parameters, then of each
   * frame as it is read: the array grows as frames are read.
   */
  diagnostics: Diagnostic[];
}

/** Options of {@link openAgrFrames}. */
export interface AgrFramesOptions {
  /** Most bytes of frame values the cache holds (default {@link DEFAULT_FRAME_BUDGET}). */
  budget?: number;
}

/**
 * Opens a binary `.agr` for reading frame by frame (see the module comment).
 * Reads and checks everything but the varying parameters' values now; those
 * are read and checked when a frame is asked for.
 */
export function openAgrFrames(source: ByteSource, options: AgrFramesOptions = {}): AgrFramesResult {
  const sink = new DiagnosticSink<AgrKind>();
  const none = { model: undefined, frames: undefined, diagnostics: sink.items };
  const read = (offset: number, length: number): Uint8Array | undefined => {
    const out = new Uint8Array(length);
    return readInto(source, offset, out, sink) ? out : undefined;
  };
  let prefix = read(0, Math.min(source.length, PREFIX_BYTES));
  if (!prefix) return none;
  if (!startsWith(prefix, AGR_MAGIC)) {
    sink.report(AGR.badMagic, "expected the binary .agr magic \\x89AGR\\r\\n\\x1a\\n", 0, 8);
    return none;
  }
  const need = agrHeaderBytes(prefix) ?? AGR_HEADER_BYTES;
  if (need > prefix.length && need <= source.length) {
    prefix = read(0, need);
    if (!prefix) return none;
  }
  const header = readAgrHeader(prefix, source.length, sink);
  if (!header) return none;
  const { layout } = header;
  // Times, positions, cell types and connectivity: one read, 8-aligned as in the file.
  const eagerEnd = layout.scalars[0] ?? layout.vectors[0] ?? layout.total;
  const eager = read(layout.times, eagerEnd - layout.times);
  if (!eager) return none;
  const n = header.nodeCount;
  let failed = false;
  const model = agrModel(header, eager.buffer, -layout.times, (vector, p, d) => {
    if (d.varying || failed) return new Float32Array(0);
    const values = new Float32Array((vector ? 3 : 1) * n);
    const at = (vector ? layout.vectors : layout.scalars)[p]!;
    if (!readInto(source, at, new Uint8Array(values.buffer), sink)) failed = true;
    return values;
  });
  if (failed) return none;
  const frames = new AgrFrameSource(header, source, sink, options.budget);
  model.frames = frames;
  checkAgr(model, sink, agrSpans(header), false);
  return { model, frames, diagnostics: sink.items };
}

/** Reads every frame of every varying parameter of `m` once, so that each is checked (a no-op without `m.frames`). */
export function readAllFrames(m: MeshAnimation): void {
  const frames = m.frames;
  if (!frames) return;
  for (let f = 0; f < m.times.length; f++) {
    m.scalars.forEach((d, p) => {
      if (d.varying) frames.scalar(p, f);
    });
    m.vectors.forEach((d, p) => {
      if (d.varying) frames.vector(p, f);
    });
  }
}
