/** What the player holds between ticks: the display buffer's content and the running transition. */
import type { Transition } from "../engine.js";
import type { StoryOptions } from "../scene/model.js";

/** What the display buffer holds: a key frame, or an in-between prepared by the engine. */
export type Buffer =
  | { readonly kind: "key"; readonly frame: string }
  | {
      readonly kind: "inbetween";
      readonly from: string;
      readonly to: string;
      readonly counter: number;
      readonly preempted: string | undefined;
    };

/** A running transition K → L. */
export interface Running {
  readonly from: string;
  readonly to: string;
  readonly transition: Transition;
  counter: number;
  /** Its in-betweens (the story's, or the scene's). */
  readonly inbetweens: number;
  /** The story's easing; undefined: linear (no fraction is passed to the engine). */
  readonly easing: StoryOptions["easing"];
  /** The key frame a pre-empted transition was heading to (recorded on the first in-between). */
  preempted: string | undefined;
}
