/**
 * The frames of an `.agr` text read apart from the rest, so that two threads
 * can share one file: {@link findFrameSplit} picks a `frame` keyword near the
 * middle, {@link readFrameRun} reads every frame from there to the end (any
 * byte range of the file, nothing else needed), and {@link mergeFrameRun}
 * puts them into the model that `readAgrText(bytes, { splitAt })` left
 * pending. Only a clean run is merged: anything a finding would be made of
 * (a bad value, a wrong count or time, a missing line break) makes the caller
 * read the whole file in one pass instead, so findings are always the
 * single-pass reader's.
 */
import { ByteTokenCursor } from "../../core/byte-tokenizer.js";
import { startsWith } from "../../core/bytes.js";
import { AGR_MAGIC } from "./binary-layout.js";
import { type AgrReadResult, readAgr, textResult } from "./read.js";
import { type PendingFrames, readAgrText } from "./read-text.js";

/** The frames from a `frame` keyword to the end of the file: times and values, as read. */
export interface FrameRun {
  /** Each frame's time. */
  readonly times: Float64Array;
  /** Every frame's values, one frame after another (`perFrame` each), as float32. */
  readonly values: Float32Array;
  /** Values in each frame (all frames have as many). */
  readonly perFrame: number;
}

const FRAME = [102, 114, 97, 109, 101]; // "frame"

/** Whether a byte is a token separator. */
function isSeparator(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/**
 * Offset of the last `frame` token that starts at or before byte `before`
 * (a candidate: the reader decides whether a frame starts there), or -1.
 * The search for its `f` is the typed array's own (native) search.
 */
export function findFrameSplit(bytes: Uint8Array, before: number): number {
  for (let i = bytes.lastIndexOf(102, before); i > 0; i = bytes.lastIndexOf(102, i - 1)) {
    if (!isSeparator(bytes[i - 1]!)) continue;
    let k = 1;
    while (k < FRAME.length && bytes[i + k] === FRAME[k]) k++;
    if (k === FRAME.length && isSeparator(bytes[i + k] ?? 0)) return i;
  }
  return -1;
}

/**
 * Reads `frame <time> <values…>` from byte `start` (a `frame` token) to the
 * end of `bytes`. Undefined unless the run is clean: every frame starts with
 * `frame` and a finite time, holds as many values as the first, every value
 * is a finite float32, and the file ends with a line break.
 */
export function readFrameRun(bytes: Uint8Array, start: number): FrameRun | undefined {
  const c = new ByteTokenCursor(bytes, start);
  if (!c.endsWithLineBreak() || !c.next() || !c.is("frame")) return undefined;
  let values = new Float32Array(Math.max(1024, Math.ceil((bytes.length - start) / 8)));
  let count = 0;
  let times = new Float64Array(16);
  let frames = 0;
  let perFrame = -1;
  for (;;) {
    const t = c.nextNumber();
    if (!Number.isFinite(t)) return undefined;
    if (frames === times.length) times = grown(times, frames);
    times[frames++] = t;
    const from = count;
    for (;;) {
      count = c.fill(values, count, values.length);
      if (count < values.length) break;
      values = grown(values, count);
    }
    // values[count] is no finite value: the end of the file, the next frame, or a defect.
    const size = count - from;
    if (perFrame < 0) perFrame = size;
    if (size !== perFrame) return undefined;
    if (c.start === c.length) break;
    if (!c.is("frame")) return undefined;
  }
  return { times: times.slice(0, frames), values: values.subarray(0, count), perFrame };
}

function grown<T extends Float32Array | Float64Array>(a: T, used: number): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a.subarray(0, used));
  return b;
}

/**
 * Puts a clean run into the pending model's arrays; false (nothing usable)
 * when it does not fit: another frame count or size, or a time that is not
 * greater than the one before.
 */
export function mergeFrameRun(p: PendingFrames, run: FrameRun): boolean {
  let perFrame = 0;
  for (const s of p.sizes) perFrame += s;
  if (run.times.length !== p.count - p.frame || run.perFrame !== perFrame) return false;
  let previous = p.previous;
  for (const t of run.times) {
    if (!(t > previous)) return false;
    previous = t;
  }
  p.times.set(run.times, p.frame);
  let at = 0;
  for (let f = p.frame; f < p.count; f++) {
    p.arrays.forEach((a, k) => {
      const size = p.sizes[k]!;
      a.set(run.values.subarray(at, at + size), f * size);
      at += size;
    });
  }
  return true;
}

/** Reads the frames from byte `start` to the end elsewhere (another thread): {@link readFrameRun}'s answer. */
export type FrameRunReader = (start: number) => Promise<FrameRun | undefined>;

/** Files smaller than this are read in one pass: a second thread would not pay for itself. */
export const SPLIT_MIN_BYTES = 4 * 2 ** 20;

/**
 * Reads an `.agr` in two parts at once: `readRun` reads the frames from the
 * last `frame` before the middle of the file to the end (the header, read
 * here, is slower per byte than the values) while this thread reads the rest. The answer is exactly {@link readAgr}'s: unless both
 * parts are clean and fit, the whole file is read again in one pass. Binary
 * files and files under `minBytes` are read in one pass.
 */
export async function readAgrInTwo(
  bytes: Uint8Array,
  readRun: FrameRunReader,
  minBytes = SPLIT_MIN_BYTES,
): Promise<AgrReadResult> {
  if (bytes.length < minBytes || startsWith(bytes, AGR_MAGIC)) return readAgr(bytes);
  const at = findFrameSplit(bytes, bytes.length >>> 1);
  if (at < 0) return readAgr(bytes);
  const run = readRun(at).catch(() => undefined);
  const head = readAgrText(bytes, { splitAt: at });
  const rest = await run;
  // Findings of the first part stand: a clean rest adds none to them.
  if (head.pending && rest && mergeFrameRun(head.pending, rest)) {
    return textResult({ ...head, encoding: "text" }, bytes);
  }
  return readAgr(bytes);
}
