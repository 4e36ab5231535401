/**
 * Frame times, shared by the `.agr` and `.amb` formats: both hold a list of
 * frames whose times (seconds) must be finite and strictly increasing.
 */
import type { DiagnosticKind, Reporter, Span } from "../core/diagnostics.js";
import type { TokenReader } from "../core/token-reader.js";
import type { TokenSource } from "../core/tokenizer.js";

/** The kinds the time checks report, from the format's code table. */
export interface TimeKinds<K extends DiagnosticKind = DiagnosticKind> {
  readonly noFrames: K;
  readonly badTimes: K;
}

/** Wrong times reported one by one; beyond that, one more diagnostic gives the count. */
const MAX_TIME_REPORTS = 10;

/** Checks that times are finite and strictly increasing and that there is a frame. */
export function checkTimes<K extends DiagnosticKind>(
  times: Float64Array,
  r: Reporter<K>,
  at: { readonly frames: Span; time(f: number): Span },
  kinds: TimeKinds<NoInfer<K>>,
): void {
  if (times.length === 0) {
    r.report(kinds.noFrames, "expected at least 1 frame, found 0", ...at.frames);
  }
  let previous = Number.NEGATIVE_INFINITY;
  let bad = 0;
  for (let f = 0; f < times.length; f++) {
    const t = times[f]!;
    const wrong = !Number.isFinite(t) || !(t > previous);
    if (wrong && ++bad > MAX_TIME_REPORTS) {
      if (Number.isFinite(t)) previous = t;
      continue;
    }
    if (!Number.isFinite(t)) {
      r.report(kinds.badTimes, `expected a finite time for frame ${f}, found ${t}`, ...at.time(f));
    } else if (!(t > previous)) {
      r.report(
        kinds.badTimes,
        `expected frame ${f}'s time to be greater than ${previous}, found ${t}`,
        ...at.time(f),
      );
    }
    if (Number.isFinite(t)) previous = t;
  }
  if (bad > MAX_TIME_REPORTS) {
    r.report(kinds.badTimes, `${bad} frame times in all are wrong`, ...at.time(0));
  }
}

/**
 * Reads `frame <time>`, the start of frame `f` of a text encoding, and reports
 * a time not greater than `previous` (the last finite time before it).
 * Returns the time (NaN when it is no finite real, reported), or undefined
 * when the keyword is missing or the file ended (reported): no more frames.
 */
export function readFrameTime<K extends DiagnosticKind>(
  r: TokenReader<K, TokenSource>,
  f: number,
  previous: number,
  kinds: TimeKinds<NoInfer<K>>,
): number | undefined {
  if (!r.keyword("frame", ` to start frame ${f}`)) return undefined;
  const t = r.real(`the time of frame ${f}`);
  const c = r.cursor;
  if (Number.isNaN(t) && c.start === r.length) return undefined;
  if (Number.isFinite(t) && !(t > previous)) {
    r.report(
      kinds.badTimes,
      `expected frame ${f}'s time to be greater than ${previous}, found ${c.token()}`,
      c.start,
      c.end,
    );
  }
  return t;
}
