/** The Live workspace's record of lost triggers (issue 20): dropped triggers and pre-empted transitions. */
import type { DroppedTrigger, TickResult } from "../../../src/live/index.js";

/** A trigger that played nothing, or a transition another story took over (issue 20). */
export type LostTrigger =
  | ({ readonly tick: number; readonly kind: "dropped" } & DroppedTrigger)
  | {
      readonly tick: number;
      readonly kind: "preempted";
      readonly from: string;
      readonly to: string;
    };

/** What the workspace lists of lost triggers: counts since the start, and the last few. */
export interface LostTriggers {
  readonly dropped: number;
  readonly preempted: number;
  /** The last {@link LOST_SHOWN}, newest first. */
  readonly recent: readonly LostTrigger[];
}

/** How many lost triggers the panel lists. */
export const LOST_SHOWN = 5;

/** `lost` with tick result `r`'s dropped triggers and pre-emption added. */
export function noteLost(lost: LostTriggers, r: TickResult): LostTriggers {
  const tick = r.record.tick;
  const now: LostTrigger[] = r.dropped.map((d) => ({ tick, kind: "dropped", ...d }));
  if (r.record.kind === "inbetween" && r.record.preempted !== undefined)
    now.push({ tick, kind: "preempted", from: r.record.preempted, to: r.record.to });
  if (now.length === 0) return lost;
  return {
    dropped: lost.dropped + r.dropped.length,
    preempted: lost.preempted + now.length - r.dropped.length,
    recent: [...now.reverse(), ...lost.recent].slice(0, LOST_SHOWN),
  };
}
