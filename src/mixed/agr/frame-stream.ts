/**
 * A binary `.agr` read frame by frame through byte-range reads (HTTP `Range`
 * in the studio), for animations larger than the reader's memory: the
 * header, times, positions and cells are read once ({@link openAgrStream});
 * each parameter's values at a frame are read on demand into a bounded
 * cache ({@link AgrFrameCache}) that evicts the least recently used frames
 * and prefetches ahead of the playhead. Never throws on file content:
 * problems become located diagnostics.
 */
import { type Diagnostic, DiagnosticSink } from "../../core/diagnostics.js";
import { type AgrHeader, agrFrameSpans, agrHeaderBytes, readAgrHeader } from "./binary-header.js";
import { AGR_HEADER_BYTES, AGR_MAGIC } from "./binary-layout.js";
import { AGR, type AgrKind } from "./codes.js";
import type { MeshAnimation } from "./model.js";
import { agrModel, agrSpans } from "./read-binary.js";
import { checkAgr } from "./validate.js";

/** Reads `length` bytes at `offset` of the file (fewer only at its end). */
export type RangeReader = (offset: number, length: number) => Promise<Uint8Array>;

/** What {@link openAgrStream} found: the header and a model without varying values, or the findings. */
export interface AgrStreamOpen {
  readonly header?: AgrHeader;
  /**
   * The mesh: positions, cells, times and the constant parameters' values;
   * a varying parameter's values array is empty (its frames come from an
   * {@link AgrFrameCache}).
   */
  readonly model?: MeshAnimation;
  readonly diagnostics: Diagnostic[];
}

/**
 * Reads the header, times, positions, cells and constant parameters of a
 * binary `.agr` of `size` bytes through `read` (three reads, plus one per
 * constant parameter), and checks them as {@link readAgr} does; the
 * frames' values are not read here, so their finiteness is not checked.
 */
export async function openAgrStream(read: RangeReader, size: number): Promise<AgrStreamOpen> {
  const sink = new DiagnosticSink<AgrKind>();
  const fail = () => ({ diagnostics: sink.items });
  let prefix = await read(0, Math.min(size, AGR_HEADER_BYTES));
  if (prefix.length >= AGR_MAGIC.length && !AGR_MAGIC.every((b, i) => prefix[i] === b)) {
    sink.report(AGR.badMagic, "not a binary .agr (no magic): stream only binary files", 0, 8);
    return fail();
  }
  const wanted = agrHeaderBytes(prefix) ?? AGR_HEADER_BYTES;
  if (wanted > prefix.length) prefix = await read(0, Math.min(size, wanted));
  const header = readAgrHeader(prefix, size, sink);
  if (!header) return fail();
  const { layout } = header;
  // Times, positions, cell types and connectivity are contiguous, each starting at a multiple of 8.
  const end = layout.connectivity + 4 * header.connectivityLength;
  const mesh = await read(layout.times, end - layout.times);
  if (mesh.length < end - layout.times) {
    sink.report(
      AGR.unexpectedEnd,
      `expected ${end} bytes of mesh, the read ended`,
      layout.times + mesh.length,
    );
    return fail();
  }
  // A fresh copy is 8-aligned, so every section is a view with no further copy.
  const buf = mesh.byteOffset % 8 === 0 ? mesh : mesh.slice();
  // Constant parameters are read now; a varying one's values come from an AgrFrameCache.
  const spans = agrFrameSpans(header, 0);
  const constants = new Map<string, Float32Array>();
  for (const s of spans) {
    const d = (s.vector ? header.vectors : header.scalars)[s.param]!;
    if (!d.varying) constants.set(`${s.vector}${s.param}`, floats(await read(s.offset, s.length)));
  }
  const model = agrModel(
    header,
    buf.buffer,
    buf.byteOffset - layout.times,
    (vector, p) => constants.get(`${vector}${p}`) ?? new Float32Array(0),
  );
  // Every check of a whole file but the frame values' (those are read later, frame by frame).
  checkAgr(model, sink, agrSpans(header), false);
  return { header, model, diagnostics: sink.items };
}

/** Float32 values of little-endian bytes (a copy only when they are not 4-aligned). */
function floats(bytes: Uint8Array): Float32Array {
  const b = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  return new Float32Array(b.buffer, b.byteOffset, b.length >> 2);
}

/** Options of {@link AgrFrameCache}. */
export interface FrameCacheOptions {
  /** Most bytes of frame values held (and being read) at once; default {@link FRAME_CACHE_DEFAULTS}. */
  readonly budgetBytes?: number;
  /** Frames read ahead of the playhead (fewer when the budget holds fewer). */
  readonly ahead?: number;
}

/** Defaults: 256 MiB of frames, 8 frames ahead. */
export const FRAME_CACHE_DEFAULTS = { budgetBytes: 256 * 1024 * 1024, ahead: 8 } as const;

/** Which parameter: a vector (xyz per node) or a scalar, by number. */
export interface ParamRef {
  readonly vector: boolean;
  readonly param: number;
}

interface Entry {
  values: Float32Array | undefined;
  readonly bytes: number;
  readonly frame: number;
}

/**
 * The frames of a streamed `.agr`, those behind the playhead evicted first. The
 * bytes held plus those being read never exceed the budget: a read reserves
 * its bytes before it starts, and a read that cannot fit (everything held is
 * pinned) is not started. The budget is raised to at least two frames of
 * one vector and one scalar parameter — what one frame interval shows.
 */
export class AgrFrameCache {
  readonly budgetBytes: number;
  readonly ahead: number;
  /** Bytes held or reserved now, and the most ever. */
  bytes = 0;
  peakBytes = 0;
  /** Range reads started. */
  reads = 0;
  /** Called when a frame's values arrive. */
  onArrive: (() => void) | undefined;
  /** Key → entry, in least-recently-used-first order (Map keeps insertion order). */
  private readonly entries = new Map<string, Entry>();
  private readonly pinned = new Set<string>();
  /** The first frame on screen: frames before it are evicted first. */
  private playhead = 0;
  private readonly frameCount: number;

  constructor(
    readonly header: AgrHeader,
    private readonly read: RangeReader,
    options: FrameCacheOptions = {},
  ) {
    const frame = 16 * header.nodeCount;
    this.budgetBytes = Math.max(options.budgetBytes ?? FRAME_CACHE_DEFAULTS.budgetBytes, 2 * frame);
    this.ahead = options.ahead ?? FRAME_CACHE_DEFAULTS.ahead;
    this.frameCount = header.frameCount;
  }

  /** The values of `p` at `frame`, or undefined when not here yet (a read is then started). */
  get(p: ParamRef, frame: number): Float32Array | undefined {
    const key = this.key(p, frame);
    const e = this.entries.get(key);
    if (e) {
      this.entries.delete(key);
      this.entries.set(key, e);
      return e.values;
    }
    this.fetch(p, frame);
    return undefined;
  }

  /**
   * Keeps the frames `frames` of `params` from eviction (the interval being
   * shown), releases the others, and reads ahead of the last frame as far
   * as the budget allows.
   */
  want(params: readonly ParamRef[], frames: readonly number[]): void {
    this.pinned.clear();
    this.playhead = Math.min(...frames);
    for (const p of params) for (const f of frames) this.pinned.add(this.key(p, f));
    for (const p of params) for (const f of frames) this.get(p, f);
    const last = Math.max(...frames);
    const perFrame = params.reduce((s, p) => s + this.spanBytes(p), 0);
    const room = Math.floor(this.budgetBytes / Math.max(1, perFrame)) - frames.length;
    const ahead = Math.min(this.ahead, room);
    for (let k = 1; k <= ahead && last + k < this.frameCount; k++)
      for (const p of params) if (!this.entries.has(this.key(p, last + k))) this.fetch(p, last + k);
  }

  private key(p: ParamRef, frame: number): string {
    const d = (p.vector ? this.header.vectors : this.header.scalars)[p.param];
    // A constant parameter has one frame.
    return `${p.vector ? "v" : "s"}${p.param}:${d?.varying ? frame : 0}`;
  }

  private spanBytes(p: ParamRef): number {
    return (p.vector ? 12 : 4) * this.header.nodeCount;
  }

  /** Starts reading `p` at `frame` when its bytes fit the budget (evicting unpinned frames). */
  private fetch(p: ParamRef, frame: number): void {
    const key = this.key(p, frame);
    if (this.entries.has(key) || frame < 0 || frame >= this.frameCount) return;
    const span = agrFrameSpans(this.header, frame).find(
      (s) => s.vector === p.vector && s.param === p.param,
    );
    if (!span) return;
    if (!this.makeRoom(span.length)) return;
    const entry: Entry = { values: undefined, bytes: span.length, frame };
    this.entries.set(key, entry);
    this.bytes += span.length;
    this.peakBytes = Math.max(this.peakBytes, this.bytes);
    this.reads++;
    this.read(span.offset, span.length).then(
      (bytes) => {
        if (this.entries.get(key) !== entry) return;
        if (bytes.length < span.length) {
          this.drop(key, entry);
          return;
        }
        entry.values = floats(bytes);
        this.onArrive?.();
      },
      () => this.drop(key, entry),
    );
  }

  /**
   * Evicts unpinned, arrived frames until `bytes` more fit: first those
   * behind the playhead, least recently used first, then any (a seek back
   * leaves frames ahead that are no longer wanted); false when they cannot.
   */
  private makeRoom(bytes: number): boolean {
    for (const behind of [true, false]) {
      for (const [key, e] of this.entries) {
        if (this.bytes + bytes <= this.budgetBytes) return true;
        if (this.pinned.has(key) || e.values === undefined) continue;
        if (behind && e.frame >= this.playhead) continue;
        this.drop(key, e);
      }
    }
    return this.bytes + bytes <= this.budgetBytes;
  }

  private drop(key: string, e: Entry): void {
    if (this.entries.get(key) !== e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }
}
