/**
 * The baselines the improved engine is measured against (docs/live-engines.md,
 * "Quality"), written here in TypeScript, as engines:
 *  - `tps`: a plain thin-plate-spline warp + dissolve. At time t the control
 *    points C(t) = (1 − t)·K + t·L (plus the picture's four corners, fixed)
 *    are mapped to their places in K and in L by two thin-plate splines
 *    (kernel r²·log r, no smoothing); both pictures are sampled bilinearly
 *    (edge-clamped) there and blended (1 − t)·K′ + t·L′.
 *  - `piecewise-affine`: the same with the piecewise-affine map of a Delaunay
 *    triangulation of C(t) and the corners (what scikit-image's
 *    `PiecewiseAffineTransform` does).
 * Cuts are ignored by both. Slow and simple: measurement only.
 */
import type { Engine, EngineFrame, EngineParams, Inbetween, Transition } from "../engine.js";
import { createImage, type RgbaImage } from "../image.js";
import { delaunay } from "./delaunay.js";

/** Control points usable in both frames, then the four corners: xs, ys at time t, and their places in K and L. */
function pointsAt(k: EngineFrame, l: EngineFrame, t: number) {
  const w = k.image.width - 1;
  const h = k.image.height - 1;
  const p: number[] = [];
  const pk: number[] = [];
  const pl: number[] = [];
  for (let j = 0; j < k.names.length; j++) {
    const [kx, ky, lx, ly] = [
      k.points[2 * j]!,
      k.points[2 * j + 1]!,
      l.points[2 * j]!,
      l.points[2 * j + 1]!,
    ];
    if (![kx, ky, lx, ly].every(Number.isFinite)) continue;
    const x = (1 - t) * kx + t * lx;
    const y = (1 - t) * ky + t * ly;
    // One point per place: a repeated one would make the spline singular.
    if (p.some((_, i) => i % 2 === 0 && Math.hypot(p[i]! - x, p[i + 1]! - y) < 1e-6)) continue;
    p.push(x, y);
    pk.push(kx, ky);
    pl.push(lx, ly);
  }
  for (const [x, y] of [
    [0, 0],
    [w, 0],
    [0, h],
    [w, h],
  ] as const) {
    if (p.some((_, i) => i % 2 === 0 && Math.hypot(p[i]! - x, p[i + 1]! - y) < 1e-6)) continue;
    p.push(x, y);
    pk.push(x, y);
    pl.push(x, y);
  }
  return { p, pk, pl };
}

/** Solves the square system a·x = b (n × n, row-major) by Gaussian elimination with partial pivoting. */
function solve(a: Float64Array, b: Float64Array, n: number): Float64Array {
  for (let c = 0; c < n; c++) {
    let best = c;
    for (let r = c + 1; r < n; r++)
      if (Math.abs(a[r * n + c]!) > Math.abs(a[best * n + c]!)) best = r;
    for (let j = 0; j < n; j++) [a[c * n + j], a[best * n + j]] = [a[best * n + j]!, a[c * n + j]!];
    [b[c], b[best]] = [b[best]!, b[c]!];
    const d = a[c * n + c]! || 1e-12;
    for (let r = c + 1; r < n; r++) {
      const f = a[r * n + c]! / d;
      if (f === 0) continue;
      for (let j = c; j < n; j++) a[r * n + j]! -= f * a[c * n + j]!;
      b[r]! -= f * b[c]!;
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let j = r + 1; j < n; j++) s -= a[r * n + j]! * x[j]!;
    x[r] = s / (a[r * n + r]! || 1e-12);
  }
  return x;
}

const kernel = (r2: number) => (r2 > 0 ? 0.5 * r2 * Math.log(r2) : 0);

/** The thin-plate spline through p → q, as a map writing its value at (x, y). */
function tps(
  p: readonly number[],
  q: readonly number[],
): (x: number, y: number, out: Float64Array) => void {
  const n = p.length / 2;
  const m = n + 3;
  const coef: Float64Array[] = [];
  for (let axis = 0; axis < 2; axis++) {
    const a = new Float64Array(m * m);
    const b = new Float64Array(m);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        a[i * m + j] = kernel((p[2 * i]! - p[2 * j]!) ** 2 + (p[2 * i + 1]! - p[2 * j + 1]!) ** 2);
      }
      const row = [1, p[2 * i]!, p[2 * i + 1]!];
      for (let c = 0; c < 3; c++) {
        a[i * m + n + c] = row[c]!;
        a[(n + c) * m + i] = row[c]!;
      }
      b[i] = q[2 * i + axis]!;
    }
    coef.push(solve(a, b, m));
  }
  const [cx, cy] = coef as [Float64Array, Float64Array];
  return (x, y, out) => {
    let vx = cx[n]! + cx[n + 1]! * x + cx[n + 2]! * y;
    let vy = cy[n]! + cy[n + 1]! * x + cy[n + 2]! * y;
    for (let i = 0; i < n; i++) {
      const u = kernel((x - p[2 * i]!) ** 2 + (y - p[2 * i + 1]!) ** 2);
      vx += cx[i]! * u;
      vy += cy[i]! * u;
    }
    out[0] = vx;
    out[1] = vy;
  };
}

/** Bilinear, edge-clamped sample of channel c at (x, y). */
export function sample(image: RgbaImage, x: number, y: number, c: number): number {
  const { width: w, height: h, data } = image;
  const cx = Math.min(Math.max(x, 0), w - 1);
  const cy = Math.min(Math.max(y, 0), h - 1);
  const x0 = Math.min(Math.floor(cx), Math.max(0, w - 2));
  const y0 = Math.min(Math.floor(cy), Math.max(0, h - 2));
  const fx = cx - x0;
  const fy = cy - y0;
  const x1 = Math.min(x0 + 1, w - 1);
  const y1 = Math.min(y0 + 1, h - 1);
  const at = (xx: number, yy: number) => data[(yy * w + xx) * 4 + c]!;
  return (
    (at(x0, y0) * (1 - fx) + at(x1, y0) * fx) * (1 - fy) +
    (at(x0, y1) * (1 - fx) + at(x1, y1) * fx) * fy
  );
}

/** Warps and blends: `maps` writes, for pixel (x, y), its sources in K (0, 1) and L (2, 3), or false for none. */
function blend(
  k: RgbaImage,
  l: RgbaImage,
  t: number,
  maps: (x: number, y: number, out: Float64Array) => boolean,
): RgbaImage {
  const out = createImage(k.width, k.height);
  const s = new Float64Array(4);
  for (let y = 0; y < k.height; y++) {
    for (let x = 0; x < k.width; x++) {
      if (!maps(x, y, s)) s.set([x, y, x, y]);
      const o = (y * k.width + x) * 4;
      for (let c = 0; c < 3; c++) {
        out.data[o + c] = Math.round(
          (1 - t) * sample(k, s[0]!, s[1]!, c) + t * sample(l, s[2]!, s[3]!, c),
        );
      }
      out.data[o + 3] = 255;
    }
  }
  return out;
}

function baseline(
  name: "tps" | "piecewise-affine",
  make: (k: EngineFrame, l: EngineFrame, t: number) => RgbaImage,
): Engine {
  return {
    // The baselines are not in the engine list; the name only labels their results.
    name: name as Engine["name"],
    begin(k: EngineFrame, l: EngineFrame, params: EngineParams): Transition {
      const steps = params.inbetweens + 1;
      return {
        next(counter: number): Inbetween {
          const t = (steps - counter) / steps;
          const { p } = pointsAt(k, l, t);
          return { image: make(k, l, t), points: Float64Array.from(p) };
        },
      };
    },
  };
}

/** Thin-plate-spline warp + dissolve. */
export const TPS_DISSOLVE: Engine = baseline("tps", (k, l, t) => {
  const { p, pk, pl } = pointsAt(k, l, t);
  const toK = tps(p, pk);
  const toL = tps(p, pl);
  const a = new Float64Array(2);
  return blend(k.image, l.image, t, (x, y, s) => {
    toK(x, y, a);
    s[0] = a[0]!;
    s[1] = a[1]!;
    toL(x, y, a);
    s[2] = a[0]!;
    s[3] = a[1]!;
    return true;
  });
});

/** Piecewise-affine warp + dissolve on a Delaunay triangulation of the points at time t. */
export const PIECEWISE_AFFINE: Engine = baseline("piecewise-affine", (k, l, t) => {
  const { p, pk, pl } = pointsAt(k, l, t);
  const { width, height } = k.image;
  // Per pixel: the triangle holding it and its barycentric coordinates (first triangle wins).
  const tri = new Int32Array(width * height).fill(-1);
  const bary = new Float64Array(width * height * 3);
  const triangles = delaunay(p);
  for (let f = 0; f < triangles.length; f += 3) {
    const [a, b, c] = [triangles[f]!, triangles[f + 1]!, triangles[f + 2]!];
    const [ax, ay, bx, by, cx, cy] = [
      p[2 * a]!,
      p[2 * a + 1]!,
      p[2 * b]!,
      p[2 * b + 1]!,
      p[2 * c]!,
      p[2 * c + 1]!,
    ];
    const det = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
    if (Math.abs(det) < 1e-12) continue;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
    const x1 = Math.min(width - 1, Math.ceil(Math.max(ax, bx, cx)));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy)));
    const y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by, cy)));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const q = y * width + x;
        if (tri[q]! >= 0) continue;
        const wb = ((x - ax) * (cy - ay) - (cx - ax) * (y - ay)) / det;
        const wc = ((bx - ax) * (y - ay) - (x - ax) * (by - ay)) / det;
        const wa = 1 - wb - wc;
        if (wa < -1e-9 || wb < -1e-9 || wc < -1e-9) continue;
        tri[q] = f;
        bary.set([wa, wb, wc], q * 3);
      }
    }
  }
  return blend(k.image, l.image, t, (x, y, s) => {
    const q = y * width + x;
    const f = tri[q]!;
    if (f < 0) return false;
    s.fill(0);
    for (let v = 0; v < 3; v++) {
      const i = triangles[f + v]!;
      const w = bary[q * 3 + v]!;
      s[0]! += w * pk[2 * i]!;
      s[1]! += w * pk[2 * i + 1]!;
      s[2]! += w * pl[2 * i]!;
      s[3]! += w * pl[2 * i + 1]!;
    }
    return true;
  });
});
