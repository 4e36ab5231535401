/** A JSON-ready summary of an MBS animation (what `deforma amb info --json` prints). */
import type { BodyGeometry, MbsAnimation } from "./model.js";

/** Summary of an MBS animation. */
export interface AmbInfo {
  /** Bodies in file order: FRUND number, name, geometry (sizes in metres). */
  bodies: { number: number; name: string; geometry: BodyGeometry }[];
  /** Frame count F. */
  frames: number;
  /** `[first, last]` frame time in seconds; `[]` without frames. */
  times: number[];
  /** `last − first`, seconds (0 without frames). */
  duration: number;
}

/** Summarises `m` for printing: bodies, frame count, first and last time, duration. */
export function ambInfo(m: MbsAnimation): AmbInfo {
  const f = m.times.length;
  const first = m.times[0];
  const last = m.times[f - 1];
  return {
    bodies: m.bodies.map((b) => ({ number: b.number, name: b.name, geometry: b.geometry })),
    frames: f,
    times: first === undefined || last === undefined ? [] : [first, last],
    duration: first === undefined || last === undefined ? 0 : last - first,
  };
}
