/**
 * Draws the demo face of one {@link Expression} with the rasterizer of
 * `raster.ts`: background, ears, head, hair, blush, nose, eyes (white,
 * iris, pupil, highlight, lids), brows, mouth (inside, teeth, tongue, lips).
 * The curves come from `face-model.ts`, the same that give the control points.
 */
import type { RgbaImage } from "../../src/live/image.js";
import {
  browCurve,
  cheekCenter,
  chinShade,
  type Expression,
  eyeCurves,
  FACE_HEIGHT,
  FACE_WIDTH,
  LAYOUT,
  middle,
  mouthCurves,
} from "./face-model.js";
import {
  Canvas,
  Ellipse,
  Grown,
  Intersection,
  Polygon,
  type Rgb,
  type Shape,
  Stroke,
  type Xy,
} from "./raster.js";

const COLORS = {
  skyTop: [206, 230, 252],
  skyBottom: [160, 200, 238],
  outline: [96, 58, 42],
  skin: [255, 219, 182],
  skinShade: [226, 160, 128],
  hair: [122, 74, 42],
  hairDark: [84, 48, 26],
  blush: [255, 120, 130],
  white: [255, 255, 255],
  iris: [70, 128, 178],
  pupil: [28, 22, 24],
  lash: [52, 32, 26],
  mouth: [112, 32, 48],
  tongue: [228, 104, 116],
  teeth: [252, 250, 244],
  lip: [170, 72, 72],
} as const satisfies Record<string, Rgb>;

/** A closed region between two curves that share their ends (upper left→right, lower left→right). */
function between(upper: readonly Xy[], lower: readonly Xy[]): Polygon {
  return new Polygon([...upper, ...[...lower].reverse()]);
}

/** The hair: the head (grown) above a scalloped hairline. */
function hairShape(head: Ellipse): Shape {
  const { cx } = LAYOUT.head;
  const line: Xy[] = [];
  for (let x = cx + head.rx + 8; x >= cx - head.rx - 8; x -= 2) {
    const dx = x - cx;
    const v = (((x - cx + 240) % 26) / 26) * 2 - 1; // −1 … 1 across each scallop
    line.push({ x, y: 46 + 0.005 * dx * dx + 6 * (1 - v * v) });
  }
  const top = [
    { x: cx - head.rx - 8, y: 0 },
    { x: cx + head.rx + 8, y: 0 },
  ];
  return new Intersection([new Grown(head, 4), new Polygon([...top, ...line])]);
}

function drawEye(c: Canvas, cx: number, e: Expression): void {
  const eye = eyeCurves(cx, e);
  if (e.lidUp + e.lidDown > 0.5) {
    const white = between(eye.upper, eye.lower);
    c.fill(white, COLORS.white);
    const iy = eye.center.y - e.lidUp * 0.12 + e.lidDown * 0.1;
    const clip = (s: Shape) => new Intersection([s, white]);
    c.fill(clip(new Ellipse(cx, iy, 10, 10)), COLORS.iris);
    c.fill(clip(new Ellipse(cx, iy, 4.8, 4.8)), COLORS.pupil);
    c.fill(clip(new Ellipse(cx + 3.2, iy - 3.6, 2.4, 2.4)), COLORS.white);
    c.fill(new Stroke(eye.lower, 0.8), COLORS.outline, 0.7);
  }
  c.fill(new Stroke(eye.upper, 1.9), COLORS.lash);
  // Two lashes at the outer corner.
  const side = cx < LAYOUT.head.cx ? -1 : 1;
  const outer = side < 0 ? eye.upper[0]! : eye.upper[eye.upper.length - 1]!;
  for (const [dx, dy] of [
    [6, -3],
    [5, -7],
  ] as const) {
    c.fill(new Stroke([outer, { x: outer.x + side * dx, y: outer.y + dy }], 1.1), COLORS.lash);
  }
}

function drawMouth(c: Canvas, e: Expression): void {
  const m = mouthCurves(e);
  if (e.upperOpen + e.lowerOpen > 0.5) {
    const inside = between(m.upper, m.lower);
    c.fill(inside, COLORS.mouth);
    const bottom = middle(m.lower);
    const tongue = new Ellipse(
      LAYOUT.head.cx,
      bottom.y - 1,
      e.mouthHalfWidth * 0.6,
      (e.upperOpen + e.lowerOpen) * 0.32,
    );
    c.fill(new Intersection([tongue, inside]), COLORS.tongue);
    if (e.teeth > 0) {
      const band = between(
        m.upper,
        m.upper.map((p) => ({ x: p.x, y: p.y + e.teeth })),
      );
      c.fill(new Intersection([band, inside]), COLORS.teeth);
    }
  }
  c.fill(new Stroke(m.upper, 1.7), COLORS.lip);
  c.fill(new Stroke(m.lower, 1.7), COLORS.lip);
  // The lower lip's shadow, and smile creases beyond the corners.
  const shade = chinShade(e);
  c.fill(
    new Stroke(
      [
        { x: shade.x - 9, y: shade.y },
        { x: shade.x + 9, y: shade.y },
      ],
      1.2,
    ),
    COLORS.skinShade,
    0.45,
  );
  const crease = Math.min(1, Math.max(0, (e.cornerLift - 8) / 7));
  if (crease > 0) {
    for (const p of [m.upper[0]!, m.upper[m.upper.length - 1]!]) {
      const s = p.x < LAYOUT.head.cx ? -1 : 1;
      c.fill(
        new Stroke(
          [
            { x: p.x + s * 3, y: p.y - 5 },
            { x: p.x + s * 5, y: p.y + 1 },
            { x: p.x + s * 3, y: p.y + 6 },
          ],
          1.1,
        ),
        COLORS.skinShade,
        crease,
      );
    }
  }
}

/** The face of expression `e`, FACE_WIDTH × FACE_HEIGHT, opaque RGBA. */
export function drawFace(e: Expression): RgbaImage {
  const c = new Canvas(FACE_WIDTH, FACE_HEIGHT);
  c.gradient(COLORS.skyTop, COLORS.skyBottom);
  const { cx, cy, rx, ry } = LAYOUT.head;
  for (const side of [-1, 1]) {
    const ear = new Ellipse(cx + side * (rx - 2), cy + 8, 15, 21);
    c.fill(new Grown(ear, 2.2), COLORS.outline);
    c.fill(ear, COLORS.skin);
    c.fill(new Ellipse(cx + side * (rx + 1), cy + 8, 6, 11), COLORS.skinShade, 0.7, 3);
  }
  const head = new Ellipse(cx, cy, rx, ry);
  c.fill(new Grown(head, 2.5), COLORS.outline);
  c.fill(head, COLORS.skin);
  const hair = hairShape(head);
  c.fill(new Grown(hair, 2), COLORS.hairDark);
  c.fill(hair, COLORS.hair);
  for (const side of [-1, 1] as const) {
    const p = cheekCenter(side, e);
    c.fill(new Ellipse(p.x, p.y, LAYOUT.cheeks.rx, LAYOUT.cheeks.ry), COLORS.blush, e.blush, 7);
  }
  const ny = LAYOUT.nose.y;
  c.fill(
    new Stroke(
      [
        { x: cx - 7, y: ny },
        { x: cx - 3, y: ny + 4 },
        { x: cx + 3, y: ny + 4 },
        { x: cx + 7, y: ny },
      ],
      1.6,
    ),
    COLORS.skinShade,
  );
  for (const side of [-1, 1] as const) {
    drawEye(c, cx + side * LAYOUT.eyes.dx, e);
    c.fill(new Stroke(browCurve(side, e), LAYOUT.brows.thickness), COLORS.hairDark);
  }
  drawMouth(c, e);
  return c.image;
}
