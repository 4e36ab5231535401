/**
 * Reading an `.agr` file from disk: a text in chunks of one reused buffer
 * straight into the model's arrays ({@link readAgrFile}); a binary file in
 * pieces, each piece's values checked while still in the cache
 * ({@link readWholeChecked}); on request, a text with
 * both cores: the file goes into shared memory once, a worker thread reads
 * the second half's frames while this thread reads the rest
 * ({@link readAgrInTwo}). The answer is exactly `readAgr`'s either way. The
 * worker is made on first use, kept for the next file, and never keeps the
 * process alive.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import type { Worker } from "node:worker_threads";
import { startsWith } from "../core/bytes.js";
import { CHUNK_BYTES, ChunkTokenCursor } from "../core/chunk-tokenizer.js";
import { firstNonFinite } from "../core/finite.js";
import {
  AGR_HEADER_BYTES,
  AGR_MAGIC,
  type AgrReadResult,
  ArrayPool,
  agrHeaderBytes,
  agrValueRanges,
  type FrameRun,
  type MeshAnimation,
  readAgrBinary,
  readAgrChunks,
  readAgrInTwo,
} from "../mixed/agr/index.js";
import type { FrameArena } from "../mixed/sample/index.js";
import type { AgrFramesAnswer, AgrFramesJob } from "./agr-worker.js";
import { startWorker } from "./worker-entry.js";

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, (run: FrameRun | undefined) => void>();

/** Answers every waiting job with "no run" (the callers read in one pass) and forgets the worker. */
function dropWorker(): void {
  worker = undefined;
  for (const resolve of waiting.values()) resolve(undefined);
  waiting.clear();
}

function frameWorker(): Worker {
  if (worker) return worker;
  const w = startWorker(import.meta.url, "agr-worker");
  w.unref();
  w.on("message", (a: AgrFramesAnswer) => {
    const resolve = waiting.get(a.id);
    waiting.delete(a.id);
    if (waiting.size === 0) w.unref();
    resolve?.(a.run);
  });
  w.on("error", dropWorker);
  w.on("exit", dropWorker);
  worker = w;
  return w;
}

/**
 * The frames from `start` on, read by the worker thread over `bytes` (which
 * must be in a SharedArrayBuffer); undefined when the run is not clean or
 * the worker could not run.
 */
export function readRunInWorker(bytes: Uint8Array, start: number): Promise<FrameRun | undefined> {
  return new Promise((resolve) => {
    const w = frameWorker();
    const id = nextId++;
    waiting.set(id, resolve);
    w.ref();
    const job: AgrFramesJob = {
      id,
      buffer: bytes.buffer as SharedArrayBuffer,
      offset: bytes.byteOffset,
      length: bytes.length,
      start,
    };
    w.postMessage(job);
  });
}

/** Where {@link readWhole} puts a file's bytes. */
export interface WholeTarget {
  /** A binary `.agr` goes into this arena when it fits. */
  readonly arena?: FrameArena | undefined;
  /** Else a binary `.agr` goes into this buffer when it fits. */
  readonly reuse?: Uint8Array | undefined;
  /**
   * Fresh memory is a SharedArrayBuffer (for the worker thread, which reads
   * the same bytes, not a copy); otherwise a plain ArrayBuffer, which the
   * garbage collector gives back soon (decision 364).
   */
  readonly shared?: boolean | undefined;
}

/**
 * The whole file at `path`, in `target.arena` or `target.reuse` when it is a
 * binary `.agr` that fits there, else in fresh memory.
 */
export function readWhole(path: string, target: WholeTarget = {}): Uint8Array {
  return readWholeChecked(path, target).bytes;
}

/** A whole file read by {@link readWholeChecked}. */
export interface WholeRead {
  readonly bytes: Uint8Array;
  /** A binary `.agr` whose float32 values were all checked as they were read, and are finite. */
  readonly valuesFinite: boolean;
}

/** Bytes of a binary `.agr` read at a time, each piece's values checked right after its read (decision 391). */
const PIECE_BYTES = 2 ** 20;

/**
 * {@link readWhole}, and for a binary `.agr` read in pieces of
 * {@link PIECE_BYTES}, whether its values are known finite: each piece's
 * float32 values are checked right after its read, while they are still in
 * the cache, instead of in a second pass over the whole file from memory.
 */
export function readWholeChecked(path: string, target: WholeTarget = {}): WholeRead {
  const { arena, reuse, shared } = target;
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    let bytes: Uint8Array | undefined;
    if (arena || reuse) {
      const head = new Uint8Array(AGR_MAGIC.length);
      const got = readSync(fd, head, 0, head.length, 0);
      // A text stays in its own memory (the worker may read it); a binary file is read here alone.
      if (got === head.length && startsWith(head, AGR_MAGIC)) {
        if (arena) bytes = arena.bytes(size);
        else if (reuse && reuse.length >= size) bytes = reuse.subarray(0, size);
      }
    }
    bytes ??= shared ? new Uint8Array(new SharedArrayBuffer(size)) : new Uint8Array(size);
    let at = readSync(fd, bytes, 0, Math.min(PIECE_BYTES, size), 0);
    const check = startsWith(bytes.subarray(0, at), AGR_MAGIC)
      ? new PieceCheck(bytes, size)
      : undefined;
    check?.filled(at);
    while (at < size && at > 0) {
      const got = readSync(fd, bytes, at, check ? Math.min(PIECE_BYTES, size - at) : size - at, at);
      if (got === 0) break;
      at += got;
      check?.filled(at);
    }
    return {
      bytes: at === size ? bytes : bytes.subarray(0, at),
      valuesFinite: at === size && check !== undefined && check.valuesFinite,
    };
  } finally {
    closeSync(fd);
  }
}

/**
 * The finiteness check of a binary `.agr`'s values as its bytes arrive: the
 * values' byte ranges come from the header once the bytes hold it, and each
 * time more bytes are read, the values among them are checked.
 */
class PieceCheck {
  /** The values' byte ranges; undefined until the header is read, null when it cannot be. */
  private ranges: [number, number][] | null | undefined;
  /** Bytes [0, checked) are checked. */
  private checked = 0;
  /** The first range not wholly checked yet (ranges sorted by their start). */
  private next = 0;
  private finite: boolean;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly size: number,
  ) {
    // Float32 views need 4-byte alignment (fresh memory, the arena and reused buffers have it).
    this.finite = bytes.byteOffset % 4 === 0;
  }

  /** Every value lies in bytes read so far, which were checked, and none is NaN or infinite. */
  get valuesFinite(): boolean {
    return this.finite && !!this.ranges && this.checked === this.size - (this.size % 4);
  }

  /** Bytes [0, `filled`) are read: checks the values among them not checked yet. */
  filled(filled: number): void {
    if (!this.finite) return;
    const { bytes } = this;
    if (this.ranges === undefined) {
      const need = agrHeaderBytes(bytes.subarray(0, filled)) ?? AGR_HEADER_BYTES;
      if (filled < Math.min(need, this.size)) return;
      const ranges = agrValueRanges(bytes.subarray(0, filled), this.size);
      // In order and without empty ones, so each piece visits only the ranges it meets: a
      // header of a million empty parameters costs one pass, not one per piece.
      this.ranges = ranges ? ranges.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]) : null;
    }
    if (!this.ranges) {
      this.finite = false;
      return;
    }
    const end = filled - (filled % 4);
    const ranges = this.ranges;
    for (let r = this.next; r < ranges.length; r++) {
      const [start, stop] = ranges[r]!;
      if (start >= end) break;
      const from = Math.max(start, this.checked);
      const to = Math.min(stop, end);
      if (from >= to) continue;
      const values = new Float32Array(bytes.buffer, bytes.byteOffset + from, (to - from) / 4);
      if (firstNonFinite(values) >= 0) {
        // The read of the whole bytes locates it.
        this.finite = false;
        return;
      }
    }
    while (this.next < ranges.length && ranges[this.next]![1] <= end) this.next++;
    this.checked = end;
  }
}

/** The whole file in shared memory, for {@link readRunInWorker}. */
export function readShared(path: string): Uint8Array {
  return readWhole(path, { shared: true });
}

/** Options of {@link readAgrFile}. */
export interface ReadAgrFileOptions {
  /**
   * Text files at least this large are read by two threads, the file held
   * in shared memory (default: none; one pass in chunks, decision 309).
   */
  readonly splitMinBytes?: number | undefined;
  /**
   * Put the mesh's coordinates and values in this arena, for the WebAssembly
   * frame kernels: a binary file is read into it (its arrays are views, no
   * copy); a text file's arrays are copied in after parsing.
   */
  readonly arena?: FrameArena | undefined;
  /**
   * A model this caller is done with (an earlier answer of readAgrFile): its
   * memory is filled again instead of fresh memory when the new file fits it
   * (a binary file read into the old one's buffer, a text's arrays of the same
   * shape), so frames of a series and repeated loads do not pay for fresh
   * pages (decision 355). `into` and every array of it must not be used
   * afterwards: the new model may be in the same memory. Not with `arena`.
   */
  readonly into?: MeshAnimation | undefined;
}

/** The buffer each binary model read here is a view of (what `into` reuses). */
const backing = new WeakMap<MeshAnimation, Uint8Array>();

/** The window buffer of the chunked text reads, kept for the next file (one thread reads at a time). */
let chunkBuffer: Uint8Array | undefined;

/** Largest window buffer kept between reads (a longer token makes a larger one, for that file only). */
const KEEP_CHUNK_BYTES = 4 * CHUNK_BYTES;

/**
 * A text `.agr` at `fd` (`size` bytes) read in windows of one reused
 * buffer, never held whole; undefined when the read is not clean (the caller
 * then reads the whole file, whose findings are located in its text).
 */
function readTextInChunks(
  path: string,
  fd: number,
  size: number,
  pool: ArrayPool | undefined,
): AgrReadResult | undefined {
  const buffer = chunkBuffer ?? new Uint8Array(CHUNK_BYTES);
  chunkBuffer = undefined;
  const cursor = new ChunkTokenCursor(
    size,
    (into, offset, count, position) => readSync(fd, into, offset, count, position),
    buffer,
  );
  try {
    return readAgrChunks(cursor, () => readWhole(path), undefined, pool);
  } finally {
    const kept = cursor.chunkBuffer;
    if (kept.length <= KEEP_CHUNK_BYTES) chunkBuffer = kept;
  }
}

/**
 * Reads an `.agr` file (either encoding); the same answer as
 * `readAgr(readFileSync(path))`. A text is read in chunks into the model's
 * arrays (its whole bytes are read only for a file with findings, to locate
 * them); with `splitMinBytes`, a text from that size on is read by two
 * threads instead. Rejects only when the file cannot be read (a missing
 * file, a directory).
 */
export async function readAgrFile(
  path: string,
  options: ReadAgrFileOptions = {},
): Promise<AgrReadResult> {
  const { arena, splitMinBytes } = options;
  const into = arena ? undefined : options.into;
  const result = await readEither(path, arena, splitMinBytes, into);
  return arena && result.model ? { ...result, model: arena.adoptMesh(result.model) } : result;
}

async function readEither(
  path: string,
  arena: FrameArena | undefined,
  splitMinBytes: number | undefined,
  into: MeshAnimation | undefined,
): Promise<AgrReadResult> {
  const fd = openSync(path, "r");
  let twoThreads: boolean;
  try {
    const size = fstatSync(fd).size;
    const head = new Uint8Array(AGR_MAGIC.length);
    const text =
      readSync(fd, head, 0, head.length, 0) < head.length || !startsWith(head, AGR_MAGIC);
    twoThreads = text && splitMinBytes !== undefined && size >= splitMinBytes;
    if (text && !twoThreads) {
      const read = readTextInChunks(path, fd, size, into && ArrayPool.of(into));
      if (read) return read;
    }
  } finally {
    closeSync(fd);
  }
  const old = into && backing.get(into);
  // Only a text read in two threads needs shared memory (decision 364).
  const { bytes, valuesFinite } = readWholeChecked(path, {
    arena,
    reuse: old,
    shared: twoThreads,
  });
  const read: AgrReadResult = valuesFinite
    ? { ...readAgrBinary(bytes, { valuesFinite }), encoding: "binary" }
    : await readAgrInTwo(
        bytes,
        (start) => readRunInWorker(bytes, start),
        twoThreads ? (splitMinBytes ?? Infinity) : Infinity,
      );
  const buffer = old && bytes.buffer === old.buffer ? old : bytes;
  if (read.model && read.encoding === "binary" && read.model.positions.buffer === buffer.buffer) {
    backing.set(read.model, buffer);
  }
  return read;
}
