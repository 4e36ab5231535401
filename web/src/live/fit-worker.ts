/**
 * The fit worker (decision 335): fits a K → L pair of the improved engine
 * with the engine's own functions and posts the fit back, its buffers
 * transferred. Bundled inline (fit-runner.ts imports it `?worker&inline`),
 * so the player bundle stays one file that works from file://.
 */

import { pairFit } from "../../../src/live/improved/index.js";
import type { EngineFrame } from "../../../src/live/index.js";

/** A request: the pair to fit, as structured clones of the page's frames. */
export interface FitRequest {
  readonly id: number;
  readonly k: EngineFrame;
  readonly l: EngineFrame;
}

/** The answer: the fit, or why there is none. */
export type FitReply =
  | { readonly id: number; readonly fit: object }
  | { readonly id: number; readonly error: string };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<FitRequest>) => void) | null;
  postMessage(message: FitReply, transfer?: Transferable[]): void;
};

scope.onmessage = (e) => {
  const { id, k, l } = e.data;
  try {
    const { fit, transfer } = pairFit(k, l);
    scope.postMessage({ id, fit }, transfer);
  } catch (error) {
    scope.postMessage({ id, error: String(error) });
  }
};
