/**
 * A small antialiased rasterizer for the demo's procedural pictures: shapes
 * are signed distance functions (negative inside, pixels), a pixel's
 * coverage is clamp(0.5 − d / soft, 0, 1) at its centre, and painting
 * composites a colour over the RGBA picture with that coverage ("over",
 * straight alpha on an opaque picture). Shapes: ellipses, capsules
 * (strokes of polylines), filled polygons (closed parametric curves sampled
 * by the caller), and their intersection (clipping). Only `+ − × ÷ √` on
 * doubles, so the bytes are the same on every machine.
 *
 * Distance functions after Inigo Quilez, "2D distance functions"
 * (iquilezles.org/articles/distfunctions2d): the segment distance, the
 * ellipse's first-order approximation d ≈ k0 (k0 − 1) / k1, and a polygon's
 * distance with its sign from the crossing count.
 */
import { createImage, type RgbaImage } from "../../src/live/image.js";

/** An RGB colour, bytes. */
export type Rgb = readonly [number, number, number];

/** A point, pixels (x right, y down). */
export interface Xy {
  readonly x: number;
  readonly y: number;
}

/** A bounding box, pixels (inclusive). */
interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** A shape: its signed distance at a point (pixels, negative inside) and a box holding its inside. */
export interface Shape {
  distance(x: number, y: number): number;
  readonly box: Box;
}

/** An axis-aligned ellipse. */
export class Ellipse implements Shape {
  readonly box: Box;
  constructor(
    readonly cx: number,
    readonly cy: number,
    readonly rx: number,
    readonly ry: number,
  ) {
    this.box = { x0: cx - rx, y0: cy - ry, x1: cx + rx, y1: cy + ry };
  }
  distance(x: number, y: number): number {
    const px = (x - this.cx) / this.rx;
    const py = (y - this.cy) / this.ry;
    const k0 = Math.sqrt(px * px + py * py);
    if (k0 === 0) return -Math.min(this.rx, this.ry);
    const qx = px / this.rx;
    const qy = py / this.ry;
    const k1 = Math.sqrt(qx * qx + qy * qy);
    return (k0 * (k0 - 1)) / k1;
  }
}

/** A stroke of width 2·radius along a polyline (a chain of capsules). */
export class Stroke implements Shape {
  readonly box: Box;
  constructor(
    readonly points: readonly Xy[],
    readonly radius: number,
  ) {
    this.box = grow(boxOf(points), radius);
  }
  distance(x: number, y: number): number {
    let best = Number.POSITIVE_INFINITY;
    const p = this.points;
    for (let i = 0; i + 1 < p.length; i++) {
      const d = segmentDistance(x, y, p[i]!, p[i + 1]!);
      if (d < best) best = d;
    }
    if (p.length === 1) best = Math.sqrt((x - p[0]!.x) ** 2 + (y - p[0]!.y) ** 2);
    return best - this.radius;
  }
}

/** A filled polygon (closed; a degenerate one covers nothing but its antialiased edge). */
export class Polygon implements Shape {
  readonly box: Box;
  constructor(readonly points: readonly Xy[]) {
    this.box = boxOf(points);
  }
  distance(x: number, y: number): number {
    const p = this.points;
    const n = p.length;
    let best = Number.POSITIVE_INFINITY;
    let inside = false;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const a = p[j]!;
      const b = p[i]!;
      const d = segmentDistance(x, y, a, b);
      if (d < best) best = d;
      if (a.y > y !== b.y > y && x < a.x + ((y - a.y) * (b.x - a.x)) / (b.y - a.y))
        inside = !inside;
    }
    return inside ? -best : best;
  }
}

/** The intersection of shapes (a shape clipped by others): the largest distance. */
export class Intersection implements Shape {
  readonly box: Box;
  constructor(readonly shapes: readonly Shape[]) {
    const b = shapes.map((s) => s.box);
    this.box = {
      x0: Math.max(...b.map((q) => q.x0)),
      y0: Math.max(...b.map((q) => q.y0)),
      x1: Math.min(...b.map((q) => q.x1)),
      y1: Math.min(...b.map((q) => q.y1)),
    };
  }
  distance(x: number, y: number): number {
    let d = Number.NEGATIVE_INFINITY;
    for (const s of this.shapes) d = Math.max(d, s.distance(x, y));
    return d;
  }
}

/** A shape grown by `by` pixels (an outline drawn under the shape itself). */
export class Grown implements Shape {
  readonly box: Box;
  constructor(
    readonly shape: Shape,
    readonly by: number,
  ) {
    this.box = grow(shape.box, by);
  }
  distance(x: number, y: number): number {
    return this.shape.distance(x, y) - this.by;
  }
}

/** Distance from (x, y) to the segment [a, b]. */
function segmentDistance(x: number, y: number, a: Xy, b: Xy): number {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const len2 = ex * ex + ey * ey;
  let t = len2 === 0 ? 0 : ((x - a.x) * ex + (y - a.y) * ey) / len2;
  t = Math.min(1, Math.max(0, t));
  const dx = x - a.x - t * ex;
  const dy = y - a.y - t * ey;
  return Math.sqrt(dx * dx + dy * dy);
}

function boxOf(points: readonly Xy[]): Box {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  return { x0, y0, x1, y1 };
}

function grow(b: Box, by: number): Box {
  return { x0: b.x0 - by, y0: b.y0 - by, x1: b.x1 + by, y1: b.y1 + by };
}

/** An opaque RGBA picture to paint shapes on. */
export class Canvas {
  readonly image: RgbaImage;
  constructor(width: number, height: number) {
    this.image = createImage(width, height);
  }

  /** Fills every row with the colour between `top` and `bottom` (a vertical gradient). */
  gradient(top: Rgb, bottom: Rgb): void {
    const { width, height, data } = this.image;
    for (let y = 0; y < height; y++) {
      const t = y / (height - 1);
      for (let x = 0; x < width; x++) {
        const o = (y * width + x) * 4;
        for (let c = 0; c < 3; c++) data[o + c] = Math.round(top[c]! + (bottom[c]! - top[c]!) * t);
        data[o + 3] = 255;
      }
    }
  }

  /**
   * Paints `shape` in `color` with opacity `alpha`; `soft` widens the
   * antialiased edge (1 = one pixel; larger for a blurred blush).
   */
  fill(shape: Shape, color: Rgb, alpha = 1, soft = 1): void {
    const { width, height, data } = this.image;
    const pad = soft + 1;
    const x0 = Math.max(0, Math.floor(shape.box.x0 - pad));
    const y0 = Math.max(0, Math.floor(shape.box.y0 - pad));
    const x1 = Math.min(width - 1, Math.ceil(shape.box.x1 + pad));
    const y1 = Math.min(height - 1, Math.ceil(shape.box.y1 + pad));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const d = shape.distance(x, y);
        let cover = 0.5 - d / soft;
        if (cover <= 0) continue;
        if (cover > 1) cover = 1;
        const a = cover * alpha;
        const o = (y * width + x) * 4;
        for (let c = 0; c < 3; c++)
          data[o + c] = Math.round(data[o + c]! + (color[c]! - data[o + c]!) * a);
      }
    }
  }
}
