/**
 * The improved engine's first fit of a K → L pair off the page's thread
 * (decision 335). Fitting a pair (the refined flow and the still pixels,
 * 0.2–0.9 s at 640 × 480) is the engine's one long piece of work; the page
 * would freeze for it at the first transition between two key frames. Here
 * `begin` of a pair not yet fitted asks a {@link FitRunner} (the fit worker,
 * fit-runner.ts) for the fit and answers at once: until the fit arrives each
 * tick shows the classic engine's in-between of the same counter and share,
 * so the story keeps its timing and moves; from the first tick after it
 * arrives, the improved in-betweens. Later transitions of the pair begin on
 * the fit kept with the frames. No DOM here: unit-tested in Node with a
 * runner the test resolves.
 */
import type { Engine, EngineFrame, Transition } from "../../../src/live/index.js";
import { hasFit } from "../../../src/live/index.js";

/** Fits a pair elsewhere and adopts the result here (`hasFit(k, l)` is true once it resolves). */
export interface FitRunner {
  fit(k: EngineFrame, l: EngineFrame): Promise<void>;
}

/** A pair's state with the runner: asked (the fit is on its way) or failed (fit here, as before). */
type Asked = "asked" | "failed";

/**
 * `engine` (the improved one) whose first fit of each pair runs on `runner`,
 * with `standIn` (the classic engine) showing the in-betweens until it is
 * there. A pair whose off-thread fit failed is fitted on this thread at its
 * next `begin`, as without a runner. `arrived` is called when a fit arrives.
 */
export function offThreadFits(
  engine: Engine,
  standIn: Engine,
  runner: FitRunner,
  arrived: () => void = () => {},
): Engine {
  const pairs = new WeakMap<EngineFrame, WeakMap<EngineFrame, Asked>>();
  const stateOf = (k: EngineFrame, l: EngineFrame) => pairs.get(k)?.get(l);
  const mark = (k: EngineFrame, l: EngineFrame, state: Asked) => {
    const byL = pairs.get(k) ?? new WeakMap<EngineFrame, Asked>();
    pairs.set(k, byL);
    byL.set(l, state);
  };
  const ask = (k: EngineFrame, l: EngineFrame) => {
    if (stateOf(k, l) !== undefined) return;
    mark(k, l, "asked");
    runner.fit(k, l).then(arrived, () => mark(k, l, "failed"));
  };
  return {
    name: engine.name,
    begin(k, l, params): Transition {
      if (hasFit(k, l) || stateOf(k, l) === "failed") return engine.begin(k, l, params);
      ask(k, l);
      let own: Transition | undefined;
      let stand: Transition | undefined;
      return {
        next(counter, fraction) {
          if (!own && (hasFit(k, l) || stateOf(k, l) === "failed"))
            own = engine.begin(k, l, params);
          if (own) return own.next(counter, fraction);
          stand ??= standIn.begin(k, l, params);
          return stand.next(counter, fraction);
        },
      };
    },
  };
}

/** Engine `name` as a session uses it: the improved one with its first fits on `fits` when given. */
export function fitting(
  name: string,
  engine: Engine | undefined,
  fits: FitRunner | undefined,
  classic: () => Engine | undefined,
): Engine | undefined {
  if (!engine || !fits || name !== "improved") return engine;
  return offThreadFits(engine, classic() ?? engine, fits);
}
