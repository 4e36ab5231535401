/**
 * A mask as weights per pixel (docs/formats/live-scene.md, "Regions"): 0
 * outside the polygon (even-odd rule, at the pixel's centre), rising inside
 * it with the distance d from its edge as smoothstep(d / feather), 1 from
 * `feather` pixels in (everywhere inside with feather 0). Only the
 * polygon's bounding box is visited.
 */
import type { Mask } from "../scene/model.js";

/** Weights of `mask`, width × height, row-major. */
export function rasterMask(mask: Mask, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  const poly = mask.polygon;
  const n = poly.length;
  if (n < 3) return out;
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const p of poly) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  const ys = Math.max(0, Math.ceil(y0));
  const ye = Math.min(height - 1, Math.floor(y1));
  const xs = Math.max(0, Math.ceil(x0));
  const xe = Math.min(width - 1, Math.floor(x1));
  const f = mask.feather;
  for (let y = ys; y <= ye; y++) {
    for (let x = xs; x <= xe; x++) {
      let inside = false;
      let d2 = Number.POSITIVE_INFINITY;
      for (let i = 0, j = n - 1; i < n; j = i++) {
        const a = poly[i]!;
        const b = poly[j]!;
        if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x)
          inside = !inside;
        if (f > 0) d2 = Math.min(d2, segment2(x, y, a.x, a.y, b.x, b.y));
      }
      if (!inside) continue;
      if (f <= 0) out[y * width + x] = 1;
      else {
        const t = Math.min(1, Math.sqrt(d2) / f);
        out[y * width + x] = t * t * (3 - 2 * t);
      }
    }
  }
  return out;
}

/** Squared distance from (px, py) to the segment (ax, ay)–(bx, by). */
function segment2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  let t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
  t = Math.max(0, Math.min(1, t));
  const ex = ax + t * dx - px;
  const ey = ay + t * dy - py;
  return ex * ex + ey * ey;
}

/** out := out · (1 − w) + src · w per pixel (RGBA), exactly src where w = 1, untouched where w = 0. */
export function blendInto(out: Uint8ClampedArray, src: Uint8ClampedArray, w: Float32Array): void {
  for (let q = 0; q < w.length; q++) {
    const a = w[q]!;
    if (a === 0) continue;
    const o = q * 4;
    if (a === 1) {
      out[o] = src[o]!;
      out[o + 1] = src[o + 1]!;
      out[o + 2] = src[o + 2]!;
      out[o + 3] = src[o + 3]!;
      continue;
    }
    for (let c = 0; c < 4; c++) out[o + c] = out[o + c]! + (src[o + c]! - out[o + c]!) * a;
  }
}
