/**
 * Minimal text edits of a scene: the studio changes one value and keeps the
 * rest of the file byte for byte (its layout, its comments-free JSON, even
 * its mistakes elsewhere).
 */
import { readSceneSyntax } from "./read.js";

/**
 * The scene text with control point `point` of key frame `frame` moved to
 * (`x`, `y`): only the two numbers of its `[x, y]` change (written as JSON
 * writes them). The first frame of that name counts. Throws a `RangeError`
 * when the text has no such frame or point (it is no scene, or another one)
 * or a coordinate is not finite; never changes anything else.
 */
export function updatePoint(
  text: string,
  frame: string,
  point: string,
  x: number,
  y: number,
): string {
  if (!Number.isFinite(x) || !Number.isFinite(y)) {
    throw new RangeError(`updatePoint: coordinates must be finite, found (${x}, ${y})`);
  }
  const r = readSceneSyntax(text);
  const i = r.model?.frames.findIndex((f) => f.name === frame) ?? -1;
  if (i < 0) throw new RangeError(`updatePoint: the scene has no key frame '${frame}'`);
  const s = r.spans!.frames[i]!.point.get(point);
  if (!s) throw new RangeError(`updatePoint: key frame '${frame}' has no control point '${point}'`);
  const num = (v: number) => JSON.stringify(v === 0 ? 0 : v);
  return text.slice(0, s.x[0]) + num(x) + text.slice(s.x[1], s.y[0]) + num(y) + text.slice(s.y[1]);
}
