/**
 * The story line (the seed's «сюжетная линия»): key frames still to show,
 * each with the story and the priority that put it there, and where a
 * triggered rule's story goes under its queue policy
 * (docs/live-player.md, "Queue policies").
 */
import type { QueuePolicy } from "../scene/model.js";
import type { DropReason } from "./types.js";

/** One key frame of the story line. */
export interface Entry {
  readonly frame: string;
  /** The story it belongs to (undefined: the hook's, or the way back to the zero frame). */
  readonly story: string | undefined;
  /** The priority of the rule that put it there (−∞ for the hook's and the way back). */
  readonly priority: number;
}

/** Most key frames the story line holds (an `enqueue` beyond it is dropped as `full`). */
export const MAX_STORY_LINE = 256;

/** What placing a story did. */
export type Placement =
  | { readonly placed: true; readonly preempted: string | undefined }
  | { readonly placed: false; readonly reason: DropReason };

/** A story a rule wants to play. */
export interface Wanted {
  readonly frames: readonly string[];
  readonly story: string;
  readonly priority: number;
  readonly policy: QueuePolicy;
}

/** The story line; see the module comment. */
export class StoryLine {
  entries: Entry[] = [];

  get length(): number {
    return this.entries.length;
  }

  /** The key frames, next first. */
  frames(): string[] {
    return this.entries.map((e) => e.frame);
  }

  /** Appends frames of no story (the hook's, the way back to zero). */
  push(frames: readonly string[], story?: string): void {
    for (const frame of frames) this.entries.push({ frame, story, priority: -Infinity });
  }

  /**
   * Places `w` (decision 276): frames equal to where the line ends (`end`:
   * its last frame, or the key frame shown when it is empty) are coalesced
   * away, so a second greet is no smile → smile; then its policy decides.
   * `running`: a transition to the first entry is under way (it is then
   * promised, and `wait` appends only when nothing waits after it).
   */
  place(w: Wanted, end: string, running: boolean): Placement {
    const last = this.entries[this.entries.length - 1]?.frame ?? end;
    let skip = 0;
    while (skip < w.frames.length && w.frames[skip] === (skip === 0 ? last : w.frames[skip - 1]))
      skip++;
    const frames = w.frames.slice(skip);
    if (frames.length === 0) return { placed: false, reason: "same" };
    const add = () => {
      for (const frame of frames)
        this.entries.push({ frame, story: w.story, priority: w.priority });
      return { placed: true as const, preempted: undefined };
    };
    const idle = this.entries.length === 0;
    if (idle) return add();
    if (w.policy === "replace" && w.priority > this.playingPriority()) {
      // From a key frame shown (nothing running), frames equal to it are skipped: no K → K freeze.
      let from = 0;
      while (!running && from < w.frames.length && w.frames[from] === end) from++;
      if (from === w.frames.length) return { placed: false, reason: "same" };
      const preempted = this.entries[0]!.frame;
      this.entries = w.frames
        .slice(from)
        .map((frame) => ({ frame, story: w.story, priority: w.priority }));
      return { placed: true, preempted };
    }
    if (w.policy === "drop") return { placed: false, reason: "busy" };
    if (w.policy === "enqueue") {
      if (this.entries.length + frames.length > MAX_STORY_LINE)
        return { placed: false, reason: "full" };
      return add();
    }
    if (this.entries.length > (running ? 1 : 0)) return { placed: false, reason: "busy" };
    return add();
  }

  /** The priority of what plays: the highest of the line's entries. */
  private playingPriority(): number {
    let p = -Infinity;
    for (const e of this.entries) if (e.priority > p) p = e.priority;
    return p;
  }
}
