/**
 * The demo's one parametric cartoon face: an {@link Expression} (how far the
 * mouth is open, the corners lifted, the lids apart, the brows raised …)
 * gives both the shapes to draw and the control points, computed from the
 * same curves, so every control point lies exactly on the feature drawn.
 * Pixels, x right, y down, (0, 0) the centre of the top-left pixel; "L" and
 * "R" are left and right in the picture.
 *
 * Curves: a feature's edge between its two corners is y(u) = base(u) ∓
 * h · bulge(u), u ∈ [−1, 1] across its width, with bulge(u) =
 * (1 − k) √(1 − u²) + k (1 − u²) (k = 0: half an ellipse, round; k = 1: a
 * parabola, a lens). Its middle (u = 0) is the control point of the lid or
 * lip, its ends the corners.
 */
import type { Xy } from "./raster.js";

/** Picture size (pixels). */
export const FACE_WIDTH = 320;
export const FACE_HEIGHT = 240;

/** What changes between key frames. Lengths in pixels; positive = up / apart / out. */
export interface Expression {
  /** Half the mouth's width, corner to corner. */
  readonly mouthHalfWidth: number;
  /** How far the corners sit above the lips' middle (a smile). */
  readonly cornerLift: number;
  /** Upper lip's middle above the mouth line (opening upward). */
  readonly upperOpen: number;
  /** Lower lip's middle below the mouth line (opening downward). */
  readonly lowerOpen: number;
  /** Lip curve shape: 0 round (an O), 1 a lens. */
  readonly lipShape: number;
  /** Height of the upper teeth shown inside an open mouth (0: none). */
  readonly teeth: number;
  /** Upper lid's middle above the eye line. */
  readonly lidUp: number;
  /** Lower lid's middle below the eye line; `lidDown = −lidUp > 0` closes the eye into an arc ‿. */
  readonly lidDown: number;
  /** Half an eye's width, corner to corner. */
  readonly eyeHalfWidth: number;
  /** Brows raised above their rest. */
  readonly browRaise: number;
  /** Inner brow ends raised more than the outer (negative: a frown). */
  readonly browTilt: number;
  /** Cheeks raised (a smile pushes them up). */
  readonly cheekRaise: number;
  /** Blush opacity, 0 … 1. */
  readonly blush: number;
}

/** The five key frames' expressions; `neutral` is the zero frame. */
export const EXPRESSIONS = {
  neutral: {
    mouthHalfWidth: 30,
    cornerLift: 4,
    upperOpen: 0,
    lowerOpen: 0,
    lipShape: 1,
    teeth: 0,
    lidUp: 12,
    lidDown: 9,
    eyeHalfWidth: 21,
    browRaise: 0,
    browTilt: 0,
    cheekRaise: 0,
    blush: 0.3,
  },
  smile: {
    mouthHalfWidth: 42,
    cornerLift: 15,
    upperOpen: 1,
    lowerOpen: 13,
    lipShape: 0.85,
    teeth: 6,
    lidUp: 11,
    lidDown: 3,
    eyeHalfWidth: 21,
    browRaise: 3,
    browTilt: 0,
    cheekRaise: 7,
    blush: 0.55,
  },
  surprise: {
    mouthHalfWidth: 15,
    cornerLift: 0,
    upperOpen: 13,
    lowerOpen: 19,
    lipShape: 0,
    teeth: 4,
    lidUp: 17,
    lidDown: 13,
    eyeHalfWidth: 22,
    browRaise: 10,
    browTilt: 3,
    cheekRaise: 0,
    blush: 0.3,
  },
  blink: {
    mouthHalfWidth: 30,
    cornerLift: 5,
    upperOpen: 0,
    lowerOpen: 0,
    lipShape: 1,
    teeth: 0,
    lidUp: -4,
    lidDown: 4,
    eyeHalfWidth: 21,
    browRaise: -1,
    browTilt: 0,
    cheekRaise: 1,
    blush: 0.3,
  },
  talk: {
    mouthHalfWidth: 27,
    cornerLift: 3,
    upperOpen: 5,
    lowerOpen: 11,
    lipShape: 0.6,
    teeth: 5,
    lidUp: 12,
    lidDown: 9,
    eyeHalfWidth: 21,
    browRaise: 2,
    browTilt: 1,
    cheekRaise: 0,
    blush: 0.3,
  },
} as const satisfies Record<string, Expression>;

/** A key frame's name. */
export type FaceFrame = keyof typeof EXPRESSIONS;

/** Where the features sit (rest positions, pixels). */
export const LAYOUT = {
  head: { cx: 160, cy: 126, rx: 104, ry: 102 },
  eyes: { dx: 42, y: 112 },
  brows: { y: 84, halfWidth: 22, arch: 5, thickness: 3.2 },
  // Half a pixel off the grid (decision 388): a closed mouth's cuts pass
  // through no pixel centre, where the classic engine's step 13 would hold
  // a lip pixel in place while the mouth opens around it.
  mouth: { y: 172.5 },
  cheeks: { dx: 68, y: 150, rx: 17, ry: 10 },
  nose: { y: 145 },
} as const;

/** A lid or lip edge: the points of y(u) = base(u) − h · bulge(u) from the left corner to the right one. */
export function edge(
  left: Xy,
  right: Xy,
  middleBase: number,
  h: number,
  shape: number,
  samples = 32,
): Xy[] {
  const out: Xy[] = [];
  const cx = (left.x + right.x) / 2;
  const half = (right.x - left.x) / 2;
  const cornerY = (left.y + right.y) / 2;
  for (let i = 0; i <= samples; i++) {
    const u = -1 + (2 * i) / samples;
    const s = 1 - u * u;
    const bulge = (1 - shape) * Math.sqrt(s) + shape * s;
    // The base line is a parabola through both corners and (cx, middleBase).
    const base = middleBase + (cornerY - middleBase) * u * u;
    out.push({ x: cx + half * u, y: base - h * bulge });
  }
  return out;
}

/** The lids' curve shape (between round and lens); one for both lids, so a closed eye is one line. */
const EYE_SHAPE = 0.6;

/** The outlines of one eye: upper and lower lid (left corner to right corner). */
export interface EyeCurves {
  readonly upper: Xy[];
  readonly lower: Xy[];
  readonly center: Xy;
}

/** The eye centred at x = `cx` for expression `e`. */
export function eyeCurves(cx: number, e: Expression): EyeCurves {
  const y = LAYOUT.eyes.y;
  const left = { x: cx - e.eyeHalfWidth, y };
  const right = { x: cx + e.eyeHalfWidth, y };
  return {
    upper: edge(left, right, y, e.lidUp, EYE_SHAPE),
    lower: edge(left, right, y, -e.lidDown, EYE_SHAPE),
    center: { x: cx, y },
  };
}

/** The outlines of the mouth: upper and lower lip (left corner to right corner). */
export interface MouthCurves {
  readonly upper: Xy[];
  readonly lower: Xy[];
}

/** The mouth for expression `e`: the lips' middles on the mouth line, the corners `cornerLift` above. */
export function mouthCurves(e: Expression): MouthCurves {
  const y = LAYOUT.mouth.y;
  const cx = LAYOUT.head.cx;
  const left = { x: cx - e.mouthHalfWidth, y: y - e.cornerLift };
  const right = { x: cx + e.mouthHalfWidth, y: y - e.cornerLift };
  return {
    upper: edge(left, right, y, e.upperOpen, e.lipShape),
    lower: edge(left, right, y, -e.lowerOpen, e.lipShape),
  };
}

/** A brow from its inner end to its outer end (`side` −1 left, +1 right in the picture). */
export function browCurve(side: -1 | 1, e: Expression, samples = 16): Xy[] {
  const { y, halfWidth, arch } = LAYOUT.brows;
  const cx = LAYOUT.head.cx + side * LAYOUT.eyes.dx;
  const inner = { x: cx - side * halfWidth, y: y - e.browRaise - e.browTilt };
  const outer = { x: cx + side * halfWidth, y: y - e.browRaise + e.browTilt };
  const pts: Xy[] = [];
  for (let i = 0; i <= samples; i++) {
    const t = i / samples;
    const bump = 4 * t * (1 - t) * arch;
    pts.push({ x: inner.x + (outer.x - inner.x) * t, y: inner.y + (outer.y - inner.y) * t - bump });
  }
  return pts;
}

/** How far below a closed eye's line its lower lid's points sit (pixels; decision 342). */
export const CLOSED_LOWER = 2;

/**
 * The eye's lines as its control points follow them: a closed eye's line
 * is its upper lid's lash line come down, so its lower lid's points sit
 * CLOSED_LOWER px below, at the line's lower edge, and the whole line goes
 * with the upper lid (not half of it with the lower one).
 */
function lidLines(eye: EyeCurves, e: Expression): EyeCurves {
  if (e.lidUp + e.lidDown > 0.5) return eye;
  const lower = eye.lower.map((p, i, all) =>
    i === 0 || i === all.length - 1 ? p : { x: p.x, y: p.y + CLOSED_LOWER },
  );
  return { ...eye, lower };
}

/** The middle sample of a curve (u = 0). */
export function middle(curve: readonly Xy[]): Xy {
  return curve[(curve.length - 1) / 2]!;
}

/**
 * Where along a lip or lid, besides its corners and middle, the scene has
 * control points: u = ±LINE_U (u ∈ [−1, 1] corner to corner, a sample of
 * {@link edge}). The cuts pass through them, so a cut follows its curve
 * instead of bending into a V through three points (decision 343).
 */
export const LINE_U = [0.5] as const;

/** The sample of a 32-sample curve at u ∈ [−1, 1]. */
function at(curve: readonly Xy[], u: number): Xy {
  return curve[Math.round(((u + 1) / 2) * (curve.length - 1))]!;
}

/** A lip's or lid's points from its `first` end to its other: name + suffix, at −u (first side) and +u. */
function linePoints(
  name: string,
  curve: readonly Xy[],
  flip: boolean,
  ends: readonly [string, string],
): [string, Xy][] {
  const out: [string, Xy][] = [];
  LINE_U.forEach((u, i) => {
    const n = i === 0 ? "" : String(i + 1);
    out.push(
      [`${name}${ends[0]}${n}`, at(curve, flip ? u : -u)],
      [`${name}${ends[1]}${n}`, at(curve, flip ? -u : u)],
    );
  });
  return out;
}

/**
 * The control points of expression `e`, in the scene's order: the lower
 * lip's shade, mouth, eyes, brows (four points each), cheeks, then the lips' and lids' line
 * points. Each is a point of a curve drawn by `face.ts`. The shade comes
 * first because the classic engine adds overlapping discs in this order
 * (the seed's step 10): its disc, taken before the lips', moves the lower
 * lip less than one taken after them (decision 366).
 */
export function controlPoints(e: Expression): [string, Xy][] {
  const mouth = mouthCurves(e);
  const points: [string, Xy][] = [
    ["lipShade", chinShade(e)],
    ["mouthL", mouth.upper[0]!],
    ["mouthR", mouth.upper[mouth.upper.length - 1]!],
    ["lipTop", middle(mouth.upper)],
    ["lipBottom", middle(mouth.lower)],
  ];
  const lines: [string, Xy][] = [
    ...linePoints("lipTop", mouth.upper, false, ["L", "R"]),
    ...linePoints("lipBottom", mouth.lower, false, ["L", "R"]),
  ];
  for (const [side, name] of [
    [-1, "L"],
    [1, "R"],
  ] as const) {
    const eye = lidLines(eyeCurves(LAYOUT.head.cx + side * LAYOUT.eyes.dx, e), e);
    const outer = side < 0 ? eye.upper[0]! : eye.upper[eye.upper.length - 1]!;
    const inner = side < 0 ? eye.upper[eye.upper.length - 1]! : eye.upper[0]!;
    points.push(
      [`eye${name}Outer`, outer],
      [`eye${name}Inner`, inner],
      [`eye${name}Top`, middle(eye.upper)],
      [`eye${name}Bottom`, middle(eye.lower)],
    );
    lines.push(
      ...linePoints(`eye${name}Top`, eye.upper, side > 0, ["O", "I"]),
      ...linePoints(`eye${name}Bottom`, eye.lower, side > 0, ["O", "I"]),
    );
  }
  for (const [side, name] of [
    [-1, "L"],
    [1, "R"],
  ] as const) {
    // Four points a third of the brow apart (decision 384): the classic
    // engine's discs (radius about 13 px) then move the whole brow, not
    // only its ends.
    const brow = browCurve(side, e, 3);
    points.push(
      [`brow${name}Inner`, brow[0]!],
      [`brow${name}MidI`, brow[1]!],
      [`brow${name}MidO`, brow[2]!],
      [`brow${name}Outer`, brow[3]!],
    );
  }
  for (const [side, name] of [
    [-1, "L"],
    [1, "R"],
  ] as const) {
    points.push([`cheek${name}`, cheekCenter(side, e)]);
  }
  return [...points, ...lines];
}

/** The middle of the lower lip's shade, 8 px below the lower lip's middle (control point `lipShade`). */
export function chinShade(e: Expression): Xy {
  const low = middle(mouthCurves(e).lower);
  return { x: low.x, y: low.y + 8 };
}

/** The centre of a cheek's blush. */
export function cheekCenter(side: -1 | 1, e: Expression): Xy {
  const { dx, y } = LAYOUT.cheeks;
  return { x: LAYOUT.head.cx + side * (dx + e.cheekRaise * 0.3), y: y - e.cheekRaise };
}

/**
 * The cuts through the corners and middles only, as the scene had them
 * before it had line points (the bench's face, bench/live-face.ts, keeps
 * them).
 */
export const CUTS: readonly (readonly string[])[] = [
  ["mouthL", "lipTop", "mouthR"],
  ["mouthL", "lipBottom", "mouthR"],
  ["eyeLOuter", "eyeLTop", "eyeLInner"],
  ["eyeLOuter", "eyeLBottom", "eyeLInner"],
  ["eyeRInner", "eyeRTop", "eyeROuter"],
  ["eyeRInner", "eyeRBottom", "eyeROuter"],
];

/** The names of a cut's line points on the side of its first end, from that end toward the middle. */
function sideNames(middleName: string, end: string): string[] {
  const names = LINE_U.map((_, i) => `${middleName}${end}${i === 0 ? "" : String(i + 1)}`);
  // Farther from the middle first: a larger u is nearer the corner.
  return LINE_U.map((u, i) => [u, names[i]!] as const)
    .sort((a, b) => b[0] - a[0])
    .map(([, n]) => n);
}

/**
 * The scene's cuts: along both lips and both lids of each eye, corner to
 * corner through the line points and the middle (decision 343).
 */
export const FACE_CUTS: readonly (readonly string[])[] = CUTS.map(([a, m, b]) => {
  const eye = m!.startsWith("eye");
  const right = m!.startsWith("eyeR");
  // The end names of the line points on the side of the cut's first end and of its last.
  const [first, last] = eye ? (right ? ["I", "O"] : ["O", "I"]) : ["L", "R"];
  return [a!, ...sideNames(m!, first!), m!, ...sideNames(m!, last!).reverse(), b!];
});
