/** The registry summary of solver results (`deforma check --json`, the studio's file view), for every format whose model is frames. */
import type { VtkFrame } from "./model.js";

/** One frame's summary: counts, its time and its point and cell data arrays. */
export function frameSummary(frame: VtkFrame): unknown {
  return {
    points: frame.pointCount,
    cells: frame.types.length,
    skippedCells: frame.skippedCells,
    time: frame.time ?? null,
    pointData: frame.pointData.map((a) => ({ name: a.name, components: a.components })),
    cellData: frame.cellData.map((a) => ({ name: a.name, components: a.components })),
  };
}

/** A series' summary: its frames and times, and its first frame's counts and arrays. */
export function seriesSummary(frames: VtkFrame[]): unknown {
  const first = frames[0];
  return {
    frames: frames.length,
    times: frames.map((f) => f.time ?? null),
    ...(first ? (frameSummary(first) as object) : {}),
  };
}
