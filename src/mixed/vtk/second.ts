/** A frame a second reader sent back (decision 400), checked before it is used. */
import type { VtkFrame } from "./model.js";

/** Whether `v` has a frame's shape (what a second reader sent back, checked before it is used). */
export function isFrame(v: unknown): v is VtkFrame {
  const f = v as Partial<VtkFrame> | undefined;
  return (
    typeof f === "object" &&
    f !== null &&
    typeof f.file === "string" &&
    f.points instanceof Float64Array &&
    f.types instanceof Uint8Array &&
    f.connectivity instanceof Uint32Array &&
    Array.isArray(f.pointData) &&
    Array.isArray(f.cellData) &&
    [...f.pointData, ...f.cellData].every((a) => a.values instanceof Float64Array)
  );
}
