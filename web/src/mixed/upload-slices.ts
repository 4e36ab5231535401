/**
 * Uploading the next frame ahead of the crossing (decision 320): a mesh view
 * holds three attribute sets — two shown (the frames around the playhead)
 * and one staged, which receives the frame after them in slices, a budget of
 * elements per animation frame, while the shown two keep drawing. When
 * playback crosses into the next interval the staged set becomes a shown one
 * (only when every slice of it has been uploaded, so a frame never shows
 * half old, half new) and the set it replaces is staged next. No WebGL here:
 * {@link SlicePlan} says which element ranges to upload, {@link StagedSlots}
 * which set holds which frame.
 */

/** Bytes a staged frame uploads per animation frame at least: 1 MiB. */
export const MIN_SLICE_BYTES = 1024 * 1024;

/**
 * Bytes a staged frame uploads per animation frame at most: 2 MiB. When the
 * crossing comes first the view holds the newer shown frame until the staged
 * one is complete (decision 321).
 */
export const MAX_SLICE_BYTES = 2 * 1024 * 1024;

/** Elements `[start, start + count)` of buffer `buffer`. */
export interface Slice {
  readonly buffer: number;
  readonly start: number;
  readonly count: number;
}

/** The slices that upload buffers of `lengths` elements, in order, a budget at a time. */
export class SlicePlan {
  private buffer = 0;
  private at = 0;
  /** Elements of all buffers. */
  readonly total: number;

  constructor(readonly lengths: readonly number[]) {
    this.total = lengths.reduce((s, n) => s + n, 0);
    this.skipEmpty();
  }

  /** Elements not yet handed out. */
  get remaining(): number {
    let r = 0;
    for (let b = this.buffer; b < this.lengths.length; b++) r += this.lengths[b]!;
    return r - this.at;
  }

  /** Whether every element has been handed out. */
  get complete(): boolean {
    return this.buffer >= this.lengths.length;
  }

  /**
   * The next slices, at most `budget` elements in all (at least one element
   * while any remain); a slice never spans two buffers.
   */
  take(budget: number): Slice[] {
    const out: Slice[] = [];
    let left = Math.max(1, Math.floor(budget));
    while (left > 0 && !this.complete) {
      const count = Math.min(left, this.lengths[this.buffer]! - this.at);
      out.push({ buffer: this.buffer, start: this.at, count });
      this.at += count;
      left -= count;
      this.skipEmpty();
    }
    return out;
  }

  /** Moves past a finished (or empty) buffer. */
  private skipEmpty(): void {
    while (this.buffer < this.lengths.length && this.at >= this.lengths[this.buffer]!) {
      this.buffer++;
      this.at = 0;
    }
  }
}

/**
 * Elements to upload in this animation frame: what remains spread over the
 * animation frames left before the crossing (one kept in hand), at least
 * `min` and at most `max`. `alpha` is the blend in the current interval and
 * `step` its advance since the last animation frame; with no advance known
 * (paused, scrubbing, a new interval) only `min`.
 */
export function sliceBudget(
  remaining: number,
  alpha: number,
  step: number,
  min: number,
  max: number = Number.POSITIVE_INFINITY,
): number {
  if (!(step > 0)) return Math.min(remaining, min);
  const framesLeft = Math.floor((1 - alpha) / step) - 1;
  const spread = framesLeft <= 0 ? remaining : Math.ceil(remaining / framesLeft);
  return Math.min(remaining, max, Math.max(min, spread));
}

/** Which of three attribute sets each shown slot uses, and the frame staged in the third. */
export class StagedSlots {
  /** The set of shown slot 0 and of shown slot 1. */
  readonly shown = [0, 1];
  /** The set being staged. */
  staging = 2;
  /** The frame in each shown slot (−1: none). */
  readonly frames = [-1, -1];
  /** The frame being staged (−1: none) and its slices. */
  stagedFrame = -1;
  plan = new SlicePlan([]);

  /** Starts staging frame `f` into the staged set, buffers of `lengths` elements. */
  stage(f: number, lengths: readonly number[]): void {
    this.stagedFrame = f;
    this.plan = new SlicePlan(lengths);
  }

  /**
   * Shows the staged frame in shown slot `slot` when all its slices have been
   * handed out, and stages into the set that slot used; returns whether it did
   * (nothing changes when not).
   */
  swapInto(slot: number): boolean {
    if (this.stagedFrame < 0 || !this.plan.complete) return false;
    const set = this.shown[slot]!;
    this.shown[slot] = this.staging;
    this.staging = set;
    this.frames[slot] = this.stagedFrame;
    this.stagedFrame = -1;
    this.plan = new SlicePlan([]);
    return true;
  }

  /** Forgets every frame (a new scalar parameter: all sets are refilled). */
  clear(): void {
    this.frames[0] = -1;
    this.frames[1] = -1;
    this.stagedFrame = -1;
    this.plan = new SlicePlan([]);
  }
}
