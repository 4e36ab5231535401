/**
 * One float section of a packed mesh series (docs/formats/mesh-pack.md)
 * inflated from its one zlib stream as far as the frame asked for needs,
 * and decoded frame by frame into its final array (decision 345): frame `f`
 * needs the low bytes of frames 0…f (the plane's first half) and the high
 * bytes of frames 0…f, so frame 0 is at hand once a little over half the
 * stream is inflated, and each later frame after one more frame's high bytes.
 * The compressed bytes go into the inflater a slice at a time, so one step
 * inflates at most a few megabytes (deflate expands at most ≈ 1032 times).
 */
import type { QuantSection } from "./header.js";

/** Compressed bytes handed to the inflater per step. */
const SLICE_BYTES = 4096;

/** A stream of `bytes` in {@link SLICE_BYTES} slices, each given when the reader asks for it. */
function sliced(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(c) {
        if (at >= bytes.length) return c.close();
        c.enqueue(bytes.subarray(at, Math.min(bytes.length, at + SLICE_BYTES)));
        at += SLICE_BYTES;
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Values `from` … `from + n` of the section's frame `f` decoded into
 * `values` (at `f·n`): the zigzag residuals of the byte planes (low bytes at
 * `f·n`, high bytes at `total + f·n`) added to the prediction, wrapped to 16
 * bits, on the grid `min + q·step`. `cur` receives the quantised frame;
 * `prev`, `prev2` hold the frames before (order 1 and 2).
 */
export function decodeFrame(
  planes: Uint8Array,
  s: Pick<QuantSection, "n" | "frames" | "stride" | "min" | "step" | "order">,
  f: number,
  cur: Uint16Array,
  prev: Uint16Array,
  prev2: Uint16Array,
  values: Float32Array,
): void {
  const n = s.n;
  const lo = f * n;
  const hi = s.n * s.frames + lo;
  const min = s.min;
  const step = s.step;
  if (f === 0) {
    const stride = s.stride;
    for (let i = 0; i < n; i++) {
      const z = planes[lo + i]! | (planes[hi + i]! << 8);
      const p = i >= stride ? cur[i - stride]! : 0;
      const q = (p + ((z >>> 1) ^ -(z & 1))) & 0xffff;
      cur[i] = q;
      values[lo + i] = min + q * step;
    }
  } else if (s.order === 2 && f >= 2) {
    for (let i = 0; i < n; i++) {
      const z = planes[lo + i]! | (planes[hi + i]! << 8);
      const q = (2 * prev[i]! - prev2[i]! + ((z >>> 1) ^ -(z & 1))) & 0xffff;
      cur[i] = q;
      values[lo + i] = min + q * step;
    }
  } else {
    for (let i = 0; i < n; i++) {
      const z = planes[lo + i]! | (planes[hi + i]! << 8);
      const q = (prev[i]! + ((z >>> 1) ^ -(z & 1))) & 0xffff;
      cur[i] = q;
      values[lo + i] = min + q * step;
    }
  }
}

/** Why a section stopped: its stream is not zlib, or it inflates to more or fewer bytes than declared. */
export type SectionFailure = "invalid" | "long" | "short";

/** A float section, inflated and decoded on demand (see the module comment). */
export class SectionFrames {
  /** Every frame's values; frame `f` is final once {@link decoded} is past it. */
  readonly values: Float32Array;
  /** Frames decoded so far. */
  decoded = 0;
  /** Why inflation stopped early, once it has. */
  failure: SectionFailure | undefined;
  private readonly planes: Uint8Array;
  private got = 0;
  private ended = false;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private q: [Uint16Array, Uint16Array, Uint16Array];

  constructor(
    packed: Uint8Array,
    readonly section: QuantSection,
  ) {
    const total = section.n * section.frames;
    this.values = new Float32Array(total);
    this.planes = new Uint8Array(2 * total);
    this.q = [new Uint16Array(section.n), new Uint16Array(section.n), new Uint16Array(section.n)];
    this.reader = sliced(packed)
      .pipeThrough(
        new DecompressionStream("deflate") as ReadableWritablePair<Uint8Array, Uint8Array>,
      )
      .getReader();
  }

  /** Bytes of the inflated planes frame `f` needs. */
  private need(f: number): number {
    const s = this.section;
    return f + 1 >= s.frames ? this.planes.length : s.n * s.frames + (f + 1) * s.n;
  }

  /**
   * Inflates until frame `f` can be decoded (and, for the last frame, to the
   * stream's end); false when the stream failed. `pause` is awaited between
   * steps (the caller yields to the page there).
   */
  async inflateTo(f: number, pause: () => Promise<void> | undefined): Promise<boolean> {
    const want = this.need(f);
    while (
      this.failure === undefined &&
      (this.got < want || (!this.ended && want === this.planes.length))
    ) {
      try {
        const { done, value } = await this.reader.read();
        if (done) {
          this.ended = true;
          if (this.got < this.planes.length) this.failure = "short";
          break;
        }
        if (this.got + value.length > this.planes.length) {
          this.failure = "long";
          void this.reader.cancel().catch(() => undefined);
          break;
        }
        this.planes.set(value, this.got);
        this.got += value.length;
      } catch (e) {
        // As src/core/inflate.ts: Chromium fails a stream with bytes after its end, once it gave them all.
        if (this.got === this.planes.length && /junk/i.test(String(e))) this.ended = true;
        else this.failure = "invalid";
      }
      await pause();
    }
    return this.failure === undefined && this.got >= want;
  }

  /** Decodes the next frame (its bytes must be inflated: {@link inflateTo}). */
  decodeNext(): void {
    const [cur, prev, prev2] = this.q;
    decodeFrame(this.planes, this.section, this.decoded, cur, prev, prev2, this.values);
    this.q = [prev2, cur, prev];
    this.decoded++;
  }
}
