/**
 * Uploading the next frame ahead of the crossing (decision 320): a mesh view
 * holds three attribute sets — two shown (the frames around the playhead)
 * and one staged, which receives the frame after them in slices, a budget of
 * main-thread time per animation frame, while the shown two keep drawing. When
 * playback crosses into the next interval the staged set becomes a shown one
 * (only when every slice of it has been uploaded, so a frame never shows
 * half old, half new) and the set it replaces is staged next. No WebGL here:
 * {@link SlicePlan} says which element ranges to upload, {@link TimedSlicer}
 * how many fit in an animation frame's time budget, {@link StagedSlots}
 * which set holds which frame.
 */

/** Main-thread time the staged frame's slices may take per animation frame (ms; decision 352). */
export const SLICE_BUDGET_MS = 8;

/** Elements of a staged frame's first slice, before any was timed: 64 KiB. */
export const FIRST_SLICE_ELEMENTS = 16 * 1024;

/** Elements of one slice at most (4 MiB): a slice that blocks cannot block for long. */
export const MAX_SLICE_ELEMENTS = 1024 * 1024;

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
 * Hands out a plan's slices within a budget of main-thread time per animation
 * frame (decision 352), each slice sized from the upload rate measured on the
 * slices before it: what the time left would take at that rate, at most twice
 * the last slice and at most `maxElements`. The rate follows a slower slice at
 * once and a faster one by halves, so one slow upload (the GPU process busy)
 * shrinks the next slices and the budget is overrun by one slice at most.
 */
export class TimedSlicer {
  /** Elements per millisecond measured so far (0: none timed yet). */
  rate = 0;
  private last: number;

  constructor(
    readonly budgetMs: number,
    readonly now: () => number,
    readonly firstElements: number = FIRST_SLICE_ELEMENTS,
    readonly maxElements: number = MAX_SLICE_ELEMENTS,
  ) {
    this.last = firstElements;
  }

  /** Uploads slices of `plan` through `upload` until the budget is spent or the plan complete; returns the elements. */
  run(plan: SlicePlan, upload: (s: Slice) => void): number {
    const start = this.now();
    let done = 0;
    // At least one slice an animation frame, however late it starts: staging always advances.
    let left = this.budgetMs;
    while (!plan.complete && left > 0) {
      const size = this.size(left);
      for (const s of plan.take(size)) {
        const t0 = this.now();
        upload(s);
        this.observe(s.count, this.now() - t0);
        done += s.count;
      }
      this.last = size;
      left = this.budgetMs - (this.now() - start);
    }
    return done;
  }

  /** The next slice's elements with `left` ms of the budget left. */
  size(left: number): number {
    if (!(this.rate > 0)) return Math.min(this.firstElements, this.maxElements);
    const fits = Math.floor(this.rate * left);
    return Math.max(1, Math.min(fits, 2 * this.last, this.maxElements));
  }

  /** Records that `count` elements took `ms` (a reading of 0 counts as the timer's 0.1 ms). */
  observe(count: number, ms: number): void {
    const r = count / Math.max(ms, 0.1);
    this.rate = !(this.rate > 0) || r < this.rate ? r : (this.rate + r) / 2;
  }
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
