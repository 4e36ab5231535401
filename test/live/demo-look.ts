/**
 * Looking at the demo face's transitions by numbers (issue 20, "no doubled
 * outlines"; decision 341). The face is parametric, so the in-between at
 * t has a natural reference: the face drawn at the expression halfway,
 * lerp(K's expression, L's, t). A doubled outline (a lid or a shade shown
 * twice, K's and L's, mid-way) is darkness where the reference has none
 * near: an **unexplained dark pixel** is one whose luma is more than
 * DARK_MARGIN below the darkest luma of the reference within RADIUS
 * pixels (a 5 × 5 window).
 * A line at most RADIUS px off its place, or a line fading in or out where
 * the reference draws it, is explained; a second line where the reference
 * has skin is not. Pixels inside an opening (between two cuts with the
 * same ends, through the control points at t) are left out: there the
 * engines show a key's inside on purpose (an opening mouth uncovers L's).
 */

import { PARAMS } from "../../scripts/demo/face.js";
import { drawFace } from "../../scripts/demo/face-draw.js";
import {
  chinShade,
  controlPoints,
  EXPRESSIONS,
  type Expression,
  FACE_CUTS,
  type FaceFrame,
} from "../../scripts/demo/face-model.js";
import type { EngineFrame, EngineParams } from "../../src/live/engine.js";
import { engineFrame } from "../../src/live/engine.js";
import { engineNamed } from "../../src/live/engines.js";
import type { RgbaImage } from "../../src/live/image.js";

/** Half the window (pixels) within which the reference's darkness explains an in-between's. */
export const RADIUS = 2;
/** Grey levels darker than the darkest reference pixel near it for a pixel to count as unexplained. */
export const DARK_MARGIN = 24;

/** The expression a fraction t of the way from `a` to `b`. */
export function lerpExpression(a: Expression, b: Expression, t: number): Expression {
  const out: Record<string, number> = {};
  for (const key of Object.keys(a) as (keyof Expression)[])
    out[key] = (1 - t) * a[key] + t * b[key];
  return out as unknown as Expression;
}

/** The demo face's key frame `name` as an engine frame, drawn by the generator (not read from demo/). */
export function faceFrame(name: FaceFrame, cuts = FACE_CUTS): EngineFrame {
  const points = controlPoints(EXPRESSIONS[name]);
  return engineFrame(
    drawFace(EXPRESSIONS[name]),
    points.map(([n]) => n),
    new Map(points),
    cuts.map((c) => ({ points: c })),
  );
}

/** The 19 in-betweens of `from` → `to` with `engine` (copies), t = n/20. */
export function inbetweens(
  engine: string,
  from: FaceFrame,
  to: FaceFrame,
  params: Partial<EngineParams> = {},
): RgbaImage[] {
  // The demo scene's parameters (its classicOwnCut among them, decision 380).
  const run = engineNamed(engine)!.begin(faceFrame(from), faceFrame(to), {
    ...PARAMS,
    ...params,
  });
  const out: RgbaImage[] = [];
  for (let counter = 19; counter >= 1; counter--) {
    const { image } = run.next(counter);
    out.push({ ...image, data: Uint8ClampedArray.from(image.data) });
  }
  return out;
}

function luma(d: Uint8ClampedArray, o: number): number {
  return 0.299 * d[o]! + 0.587 * d[o + 1]! + 0.114 * d[o + 2]!;
}

/** Whether (x, y) is inside the polygon xy (even–odd). */
function inside(xy: readonly number[], x: number, y: number): boolean {
  let r = false;
  const n = xy.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const [xi, yi, xj, yj] = [xy[2 * i]!, xy[2 * i + 1]!, xy[2 * j]!, xy[2 * j + 1]!];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) r = !r;
  }
  return r;
}

/** The openings' outlines at t (pairs of cuts of FACE_CUTS: mouth, left eye, right eye). */
export function openings(from: FaceFrame, to: FaceFrame, t: number): number[][] {
  const a = new Map(controlPoints(EXPRESSIONS[from]));
  const b = new Map(controlPoints(EXPRESSIONS[to]));
  const at = (n: string) => [
    (1 - t) * a.get(n)!.x + t * b.get(n)!.x,
    (1 - t) * a.get(n)!.y + t * b.get(n)!.y,
  ];
  const out: number[][] = [];
  for (let c = 0; c + 1 < FACE_CUTS.length; c += 2) {
    const upper = FACE_CUTS[c]!;
    const lower = FACE_CUTS[c + 1]!.slice(1, -1).reverse();
    out.push([...upper, ...lower].flatMap(at));
  }
  return out;
}

/** The darkest and the lightest luma of `reference` within RADIUS of (x, y) (a 5 × 5 window, edge-clamped). */
function lumaRange(reference: RgbaImage, x: number, y: number): [number, number] {
  const { width, height } = reference;
  let darkest = 255;
  let lightest = 0;
  for (let dy = -RADIUS; dy <= RADIUS; dy++) {
    for (let dx = -RADIUS; dx <= RADIUS; dx++) {
      const xx = Math.min(width - 1, Math.max(0, x + dx));
      const yy = Math.min(height - 1, Math.max(0, y + dy));
      const v = luma(reference.data, (yy * width + xx) * 4);
      darkest = Math.min(darkest, v);
      lightest = Math.max(lightest, v);
    }
  }
  return [darkest, lightest];
}

/** The pixels (x, y) of the box [x0, x1) × [y0, y1), outside `holes`, for which `counts` holds. */
function countPixels(
  box: readonly [number, number, number, number],
  holes: readonly (readonly number[])[],
  counts: (x: number, y: number) => boolean,
): number {
  const [x0, y0, x1, y1] = box;
  let count = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) if (counts(x, y) && !holes.some((h) => inside(h, x, y))) count++;
  return count;
}

/** Unexplained dark pixels of `image` against `reference` in the box [x0, x1) × [y0, y1), outside `holes`. */
export function unexplainedDark(
  image: RgbaImage,
  reference: RgbaImage,
  box: readonly [number, number, number, number] = [0, 0, image.width, image.height],
  holes: readonly (readonly number[])[] = [],
): number {
  return countPixels(
    box,
    holes,
    (x, y) =>
      luma(image.data, (y * image.width + x) * 4) < lumaRange(reference, x, y)[0] - DARK_MARGIN,
  );
}

/** Grey levels lighter than the lightest reference pixel near it for a pixel to count as an unexplained light one. */
export const LIGHT_MARGIN = 60;

/**
 * Unexplained light pixels (decision 368): luma more than LIGHT_MARGIN
 * above the lightest luma of `reference` within RADIUS, in the box — the
 * white of an eye showing where the reference draws the closing lid's
 * lash line. Openings are not left out (`holes` is not read): inside them
 * too, white is not where the reference is dark.
 */
export function unexplainedLight(
  image: RgbaImage,
  reference: RgbaImage,
  box: readonly [number, number, number, number] = [0, 0, image.width, image.height],
): number {
  return countPixels(
    box,
    [],
    (x, y) =>
      luma(image.data, (y * image.width + x) * 4) > lumaRange(reference, x, y)[1] + LIGHT_MARGIN,
  );
}

/** Grey levels darker than a flat reference for a pixel to count as haze. */
export const HAZE_MARGIN = 10;

/**
 * Haze (decision 367): pixels of `image` more than HAZE_MARGIN darker than
 * `reference` where the reference is flat — every pixel within RADIUS
 * within 2 grey levels of it (plain skin, no edge near) — in the box,
 * outside `holes`. A line smeared over the skin next to it is haze; a
 * line a pixel or two off its place is not (the reference has an edge
 * near).
 */
export function haze(
  image: RgbaImage,
  reference: RgbaImage,
  box: readonly [number, number, number, number] = [0, 0, image.width, image.height],
  holes: readonly (readonly number[])[] = [],
): number {
  return countPixels(box, holes, (x, y) => {
    const here = luma(reference.data, (y * image.width + x) * 4);
    if (luma(image.data, (y * image.width + x) * 4) >= here - HAZE_MARGIN) return false;
    const [darkest, lightest] = lumaRange(reference, x, y);
    return here - darkest <= 2 && lightest - here <= 2;
  });
}

/**
 * Unexplained dark pixels at each in-between of `from` → `to`, against the
 * face drawn at its halfway expression, outside the openings — or, with
 * `measure` = {@link haze}, haze pixels.
 */
export function doubling(
  frames: readonly RgbaImage[],
  from: FaceFrame,
  to: FaceFrame,
  box?: readonly [number, number, number, number],
  measure: typeof unexplainedDark = unexplainedDark,
): number[] {
  return frames.map((image, i) => {
    const t = (i + 1) / (frames.length + 1);
    const reference = drawFace(lerpExpression(EXPRESSIONS[from], EXPRESSIONS[to], t));
    return measure(image, reference, box, openings(from, to, t));
  });
}

/** The skin's luma (the plain face around the lower lip's shade). */
const SKIN_LUMA = 226;

/**
 * The lower lip's shade at each in-between of `from` → `to` (decision 366):
 * in the columns within 4 px of its middle, the luma profile from 5 px
 * above to 5 px below where the halfway expression draws it; per column
 * its `depth` (skin minus the darkest pixel) and `width` (pixels at least
 * half that depth below the skin). One band where the reference has it is
 * about 2–3 px wide and 23 deep; a shade shown twice (K's and L's, a few
 * pixels apart, each half-faded) is wider and shallower; a shade left
 * behind has no depth there. Returns the widest and the shallowest column
 * per in-between.
 */
export function shadeBand(
  frames: readonly RgbaImage[],
  from: FaceFrame,
  to: FaceFrame,
): { width: number; depth: number }[] {
  return frames.map((image, i) => {
    const t = (i + 1) / (frames.length + 1);
    const s = chinShade(lerpExpression(EXPRESSIONS[from], EXPRESSIONS[to], t));
    const [cx, cy] = [Math.round(s.x), Math.round(s.y)];
    let width = 0;
    let depth = 255;
    for (let x = cx - 4; x <= cx + 4; x++) {
      const column: number[] = [];
      for (let y = cy - 5; y <= cy + 5; y++)
        column.push(luma(image.data, (y * image.width + x) * 4));
      const darkest = Math.min(...column);
      const half = (SKIN_LUMA + darkest) / 2;
      width = Math.max(width, column.filter((v) => v <= half).length);
      depth = Math.min(depth, SKIN_LUMA - darkest);
    }
    return { width, depth: Math.round(depth) };
  });
}

/**
 * Flecks of L (decision 383): at each in-between of `from` → `to` with the
 * classic engine, how many pixels took L's pixel (steps 20–23) outside the
 * openings at t — where the reference face is K's side of a lip or lid,
 * not a mouth or eye opening. L's picture is painted one colour the face
 * never has, so a pixel of that colour in an in-between came from L.
 */
export function flecksOfL(
  from: FaceFrame,
  to: FaceFrame,
  params: Partial<EngineParams> = {},
): number[] {
  return fromL(
    from,
    to,
    params,
    (fromL, x, y, holes) => fromL && !holes.some((h) => inside(h, x, y)),
  );
}

/**
 * Specks of K in the mouth (decision 388): at each in-between of `from` →
 * `to` with the classic engine, the pixels inside the mouth's opening at
 * t, farther than 1.5 px from its outline, that did not take L's pixel — a
 * pixel of K's lips that stayed while the mouth opened around it.
 */
export function specksInMouth(
  from: FaceFrame,
  to: FaceFrame,
  params: Partial<EngineParams> = {},
): number[] {
  return fromL(from, to, params, (fromL, x, y, [mouth]) => {
    return !fromL && inside(mouth!, x, y) && outlineDistance2(mouth!, x, y) > 2.25;
  });
}

/** The squared distance from (x, y) to the closed polygon xy's outline. */
function outlineDistance2(xy: readonly number[], x: number, y: number): number {
  const n = xy.length / 2;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const [ax, ay, bx, by] = [xy[2 * j]!, xy[2 * j + 1]!, xy[2 * i]!, xy[2 * i + 1]!];
    const [dx, dy] = [bx - ax, by - ay];
    const len = dx * dx + dy * dy;
    const t = len > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len)) : 0;
    best = Math.min(best, (ax + t * dx - x) ** 2 + (ay + t * dy - y) ** 2);
  }
  return best;
}

/**
 * Per in-between of `from` → `to` with the classic engine and L painted
 * one colour the face never has, how many pixels `counts` (told whether
 * the pixel took L's, and the openings at t).
 */
function fromL(
  from: FaceFrame,
  to: FaceFrame,
  params: Partial<EngineParams>,
  counts: (fromL: boolean, x: number, y: number, holes: readonly (readonly number[])[]) => boolean,
): number[] {
  const l = faceFrame(to);
  const data = Uint8ClampedArray.from(l.image.data);
  for (let o = 0; o < data.length; o += 4) [data[o], data[o + 1], data[o + 2]] = [255, 0, 255];
  const run = engineNamed("classic")!.begin(
    faceFrame(from),
    { ...l, image: { ...l.image, data } },
    { ...PARAMS, ...params },
  );
  const out: number[] = [];
  for (let counter = 19; counter >= 1; counter--) {
    const { image } = run.next(counter);
    const holes = openings(from, to, (20 - counter) / 20);
    const d = image.data;
    out.push(
      countPixels([0, 0, image.width, image.height], [], (x, y) => {
        const o = (y * image.width + x) * 4;
        return counts(d[o] === 255 && d[o + 1] === 0 && d[o + 2] === 255, x, y, holes);
      }),
    );
  }
  return out;
}

/**
 * The eyeball showing (decision 389): the pixels of `image` in the box
 * that are the iris's blue (blue above red by more than 40) or the
 * white's (every channel above 235). A closed eye has none.
 */
export function eyeballPixels(
  image: RgbaImage,
  box: readonly [number, number, number, number],
): number {
  return countPixels(box, [], (x, y) => {
    const o = (y * image.width + x) * 4;
    const [r, g, b] = [image.data[o]!, image.data[o + 1]!, image.data[o + 2]!];
    return b > r + 40 || (r > 235 && g > 235 && b > 235);
  });
}
