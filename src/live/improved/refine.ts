/**
 * The refined flow of the improved engine (docs/live-engines.md, "Improved
 * engine: the refined flow"): where no cut is near, the motion K → L is
 * registered on the pictures themselves. The flow f(x) (x in K, x + f(x)
 * its place in L) is bilinear over nodes every `spacing` pixels, starts from
 * the control points' field at t = 0 and is fitted by Gauss–Newton steps to
 * make L(x + f(x)) match K(x) in grey, coarse to fine (blurred pictures
 * first), with a membrane term that carries the flow over flat parts. Nodes
 * whose cells a cut comes near keep the control points' field: the cut
 * handling stays the field's. At time t the motion at v is f(x) for the x
 * with x + t·f(x) = v.
 */
import type { EngineFrame } from "../engine.js";
import type { RgbaImage } from "../image.js";

/** Blur (sigma, pixels) of each level and Gauss–Newton steps per level. */
const LEVELS = [2, 1, 0] as const;
const STEPS = 5;
/** Membrane weight and damping, relative to the mean node Hessian's trace. */
const MEMBRANE = 0.1;
const DAMPING = 1e-3;
/** Most a node moves in one step (pixels). */
const MAX_STEP = 0.5;
/** Fixed-point iterations of the inversion x + t·f(x) = v. */
const INVERT = 4;

/** Grey (mean of R, G, B) of a picture, as floats. */
function grey(image: RgbaImage): Float32Array {
  const n = image.width * image.height;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    out[i] = (image.data[4 * i]! + image.data[4 * i + 1]! + image.data[4 * i + 2]!) / 3;
  }
  return out;
}

/** A separable Gaussian blur of a width × height plane (edge-clamped); sigma 0 copies. */
function blur(src: Float32Array, width: number, height: number, sigma: number): Float32Array {
  if (sigma <= 0) return Float32Array.from(src);
  const r = Math.ceil(3 * sigma);
  const kernel = new Float32Array(2 * r + 1);
  let sum = 0;
  for (let i = -r; i <= r; i++) sum += kernel[i + r] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < kernel.length; i++) kernel[i]! /= sum;
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let i = -r; i <= r; i++) {
        s += kernel[i + r]! * src[y * width + Math.min(Math.max(x + i, 0), width - 1)]!;
      }
      tmp[y * width + x] = s;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let i = -r; i <= r; i++) {
        s += kernel[i + r]! * tmp[Math.min(Math.max(y + i, 0), height - 1) * width + x]!;
      }
      out[y * width + x] = s;
    }
  }
  return out;
}

/** Whether the segment a–b comes within `reach` of the point (x, y). */
function near(ax: number, ay: number, bx: number, by: number, x: number, y: number, reach: number) {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const s = len2 > 0 ? Math.min(Math.max(((x - ax) * dx + (y - ay) * dy) / len2, 0), 1) : 0;
  return Math.hypot(ax + s * dx - x, ay + s * dy - y) <= reach;
}

export class RefinedFlow {
  readonly spacing: number;
  /** Nodes per row and per column. */
  readonly nx: number;
  readonly ny: number;
  /** The flow at the nodes (x, y interleaved). */
  readonly flow: Float64Array;
  /** Per node: 1 when it is fitted (no cut near any of its cells), 0 when it keeps the field's value. */
  readonly free: Uint8Array;
  /** {@link openCells}, made on the first {@link frozenIn} (a fit posted before has it or not). */
  private openSums: Int32Array | null | undefined = null;

  /**
   * `initial` is the field's flow per pixel (x, y interleaved) at t = 0;
   * the cuts are those of K and L (any near a node's cells freezes it).
   */
  constructor(k: EngineFrame, l: EngineFrame, initial: Float32Array) {
    const { width, height } = k.image;
    this.spacing = width * height > 320 * 240 ? 8 : 4;
    const h = this.spacing;
    this.nx = Math.ceil((width - 1) / h) + 1;
    this.ny = Math.ceil((height - 1) / h) + 1;
    this.flow = new Float64Array(this.nx * this.ny * 2);
    this.free = new Uint8Array(this.nx * this.ny);
    for (let j = 0; j < this.ny; j++) {
      for (let i = 0; i < this.nx; i++) {
        const x = Math.min(i * h, width - 1);
        const y = Math.min(j * h, height - 1);
        const n = j * this.nx + i;
        this.flow[2 * n] = initial[2 * (y * width + x)]!;
        this.flow[2 * n + 1] = initial[2 * (y * width + x) + 1]!;
        this.free[n] = this.cutNear(k, l, i * h, j * h, 1.5 * h) ? 0 : 1;
      }
    }
    const kg = grey(k.image);
    const lg = grey(l.image);
    for (const sigma of LEVELS) {
      const kb = blur(kg, width, height, sigma);
      const lb = blur(lg, width, height, sigma);
      for (let s = 0; s < STEPS; s++) this.step(kb, lb, width, height);
    }
  }

  /** Whether a cut of K or L (at K, L or halfway) comes within `reach` of (x, y). */
  private cutNear(k: EngineFrame, l: EngineFrame, x: number, y: number, reach: number): boolean {
    for (const cut of [...k.cuts, ...l.cuts]) {
      for (let s = 0; s + 1 < cut.length; s++) {
        const a = cut[s]!;
        const b = cut[s + 1]!;
        if (a < 0 || b < 0) continue;
        for (const t of [0, 0.5, 1]) {
          const at = (j: number, c: number) =>
            (1 - t) * k.points[2 * j + c]! + t * l.points[2 * j + c]!;
          const [ax, ay, bx, by] = [at(a, 0), at(a, 1), at(b, 0), at(b, 1)];
          if (![ax, ay, bx, by].every(Number.isFinite)) continue;
          if (near(ax, ay, bx, by, x, y, reach)) return true;
        }
      }
    }
    return false;
  }

  /** One Gauss–Newton step of the free nodes on the grey pictures kg, lg. */
  private step(kg: Float32Array, lg: Float32Array, width: number, height: number): void {
    const { nx, ny, flow, free, spacing: h } = this;
    const acc = new Float64Array(nx * ny * 5);
    // Every pixel on small pictures; every other row and column where the nodes are 8 or more apart.
    const pitch = h >= 8 ? 2 : 1;
    for (let y = 0; y < height; y += pitch) {
      const j = Math.min((y / h) | 0, ny - 2);
      const fy = (y - j * h) / h;
      for (let x = 0; x < width; x += pitch) {
        const i = Math.min((x / h) | 0, nx - 2);
        const n0 = j * nx + i;
        if (!(free[n0] && free[n0 + 1] && free[n0 + nx] && free[n0 + nx + 1])) continue;
        const fx = (x - i * h) / h;
        const w00 = (1 - fx) * (1 - fy);
        const w10 = fx * (1 - fy);
        const w01 = (1 - fx) * fy;
        const w11 = fx * fy;
        const n1 = n0 + nx;
        const ux =
          w00 * flow[2 * n0]! +
          w10 * flow[2 * n0 + 2]! +
          w01 * flow[2 * n1]! +
          w11 * flow[2 * n1 + 2]!;
        const uy =
          w00 * flow[2 * n0 + 1]! +
          w10 * flow[2 * n0 + 3]! +
          w01 * flow[2 * n1 + 1]! +
          w11 * flow[2 * n1 + 3]!;
        const qx = x + ux;
        const qy = y + uy;
        if (qx < 1 || qy < 1 || qx > width - 2 || qy > height - 2) continue;
        const v = sampleGrey(lg, width, qx, qy);
        const gx = sampleGrey(lg, width, qx + 0.5, qy) - sampleGrey(lg, width, qx - 0.5, qy);
        const gy = sampleGrey(lg, width, qx, qy + 0.5) - sampleGrey(lg, width, qx, qy - 0.5);
        const r = v - kg[y * width + x]!;
        const gxx = gx * gx;
        const gxy = gx * gy;
        const gyy = gy * gy;
        const gxr = gx * r;
        const gyr = gy * r;
        accumulate(acc, n0 * 5, w00, gxx, gxy, gyy, gxr, gyr);
        accumulate(acc, (n0 + 1) * 5, w10, gxx, gxy, gyy, gxr, gyr);
        accumulate(acc, n1 * 5, w01, gxx, gxy, gyy, gxr, gyr);
        accumulate(acc, (n1 + 1) * 5, w11, gxx, gxy, gyy, gxr, gyr);
      }
    }
    this.update(acc);
  }

  /** Solves each free node's damped 2 × 2 system with the membrane term and moves it. */
  private update(acc: Float64Array): void {
    const { nx, ny, flow, free } = this;
    let trace = 0;
    let count = 0;
    for (let n = 0; n < nx * ny; n++) {
      if (!free[n]) continue;
      trace += acc[n * 5]! + acc[n * 5 + 2]!;
      count++;
    }
    if (count === 0) return;
    const mean = trace / count;
    const mu = MEMBRANE * mean + 1e-6;
    const lambda = DAMPING * mean + 1e-6;
    const next = Float64Array.from(flow);
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        const n = j * nx + i;
        if (!free[n]) continue;
        let ax = 0;
        let ay = 0;
        let m = 0;
        for (const [di, dj] of [
          [-1, 0],
          [1, 0],
          [0, -1],
          [0, 1],
        ] as const) {
          const a = i + di;
          const b = j + dj;
          if (a < 0 || b < 0 || a >= nx || b >= ny) continue;
          ax += flow[2 * (b * nx + a)]!;
          ay += flow[2 * (b * nx + a) + 1]!;
          m++;
        }
        const o = n * 5;
        const h11 = acc[o]! + mu + lambda;
        const h12 = acc[o + 1]!;
        const h22 = acc[o + 2]! + mu + lambda;
        const b1 = acc[o + 3]! + mu * (flow[2 * n]! - ax / m);
        const b2 = acc[o + 4]! + mu * (flow[2 * n + 1]! - ay / m);
        const det = h11 * h22 - h12 * h12;
        let dx = -(h22 * b1 - h12 * b2) / det;
        let dy = -(h11 * b2 - h12 * b1) / det;
        const len = Math.hypot(dx, dy);
        if (len > MAX_STEP) {
          dx *= MAX_STEP / len;
          dy *= MAX_STEP / len;
        }
        if (Number.isFinite(dx) && Number.isFinite(dy)) {
          next[2 * n] = flow[2 * n]! + dx;
          next[2 * n + 1] = flow[2 * n + 1]! + dy;
        }
      }
    }
    flow.set(next);
  }

  /**
   * Whether {@link motion} fails at once (a frozen node at its first look)
   * for every v whose first look, v − t·g, is in [x0, x1] × [y0, y1]: every
   * flow cell it can land in has a frozen node. A caller skips such pixels
   * without a call: they would get nothing written either way.
   */
  frozenIn(x0: number, y0: number, x1: number, y1: number): boolean {
    const { nx, ny, spacing: h } = this;
    if (!(x0 <= x1 && y0 <= y1)) return false;
    let sums = this.openSums;
    if (!sums) {
      sums = this.openCells();
      this.openSums = sums;
    }
    // The cells motion's first step looks at (the same clamping).
    const i0 = Math.min(Math.max(x0 / h, 0), nx - 1.000001) | 0;
    const i1 = Math.min(Math.max(x1 / h, 0), nx - 1.000001) | 0;
    const j0 = Math.min(Math.max(y0 / h, 0), ny - 1.000001) | 0;
    const j1 = Math.min(Math.max(y1 / h, 0), ny - 1.000001) | 0;
    const w = nx;
    const open = sums[(j1 + 1) * w + i1 + 1]! - sums[j0 * w + i1 + 1]! - sums[(j1 + 1) * w + i0]!;
    return open + sums[j0 * w + i0]! === 0;
  }

  /** Prefix sums (nx per row, ny rows) of the flow cells whose four nodes are free. */
  private openCells(): Int32Array {
    const { nx, ny, free } = this;
    const sums = new Int32Array(nx * ny);
    for (let j = 0; j < ny - 1; j++) {
      for (let i = 0; i < nx - 1; i++) {
        const n = j * nx + i;
        const open = free[n] && free[n + 1] && free[n + nx] && free[n + nx + 1] ? 1 : 0;
        sums[(j + 1) * nx + i + 1] =
          open + sums[j * nx + i + 1]! + sums[(j + 1) * nx + i]! - sums[j * nx + i]!;
      }
    }
    return sums;
  }

  /**
   * The motion at v = (x, y) at time t, written to out[o], out[o + 1]: f at
   * the x with x + t·f(x) = v, starting from the guess g (the field's
   * motion). False (nothing written) where that x is in a cell with a
   * frozen node.
   */
  motion(
    x: number,
    y: number,
    t: number,
    gx: number,
    gy: number,
    out: ArrayLike<number> & { [i: number]: number },
    o: number,
  ): boolean {
    const io = MOTION_IO;
    io[0] = x;
    io[1] = y;
    io[2] = t;
    io[3] = gx;
    io[4] = gy;
    if (!this.invert(io)) return false;
    out[o] = io[3]!;
    out[o + 1] = io[4]!;
    return true;
  }

  /**
   * {@link motion} with its numbers in one array, io = [x, y, t, gx, gy]:
   * on success the motion replaces the guess in io[3], io[4]. The engine's
   * per-pixel loop calls this: a call passing numbers would box each of them
   * (decision 395).
   */
  invert(io: Float64Array): boolean {
    const { nx, ny, flow, free, spacing: h } = this;
    const x = io[0]!;
    const y = io[1]!;
    const t = io[2]!;
    // The spacing is 4 or 8, a power of two: v·(1/h) is v/h exactly, without a division per step.
    const inv = 1 / h;
    let sx = x - t * io[3]!;
    let sy = y - t * io[4]!;
    let ux = io[3]!;
    let uy = io[4]!;
    // At t = 0 every step looks at v itself: one gives the same numbers.
    const steps = t === 0 ? 1 : INVERT;
    for (let it = 0; it < steps; it++) {
      const cx = Math.min(Math.max(sx * inv, 0), nx - 1.000001);
      const cy = Math.min(Math.max(sy * inv, 0), ny - 1.000001);
      const i = cx | 0;
      const j = cy | 0;
      const n0 = j * nx + i;
      if (!(free[n0] && free[n0 + 1] && free[n0 + nx] && free[n0 + nx + 1])) return false;
      const fx = cx - i;
      const fy = cy - j;
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      ux =
        w00 * flow[2 * n0]! +
        w10 * flow[2 * n0 + 2]! +
        w01 * flow[2 * (n0 + nx)]! +
        w11 * flow[2 * (n0 + nx) + 2]!;
      uy =
        w00 * flow[2 * n0 + 1]! +
        w10 * flow[2 * n0 + 3]! +
        w01 * flow[2 * (n0 + nx) + 1]! +
        w11 * flow[2 * (n0 + nx) + 3]!;
      sx = x - t * ux;
      sy = y - t * uy;
    }
    io[3] = ux;
    io[4] = uy;
    return true;
  }
}

/** The scratch of {@link RefinedFlow.motion}. */
const MOTION_IO = new Float64Array(5);

/** Adds a pixel's Gauss–Newton terms, with weight a, to a node's five sums at acc[o…]. */
function accumulate(
  acc: Float64Array,
  o: number,
  a: number,
  gxx: number,
  gxy: number,
  gyy: number,
  gxr: number,
  gyr: number,
): void {
  acc[o]! += a * gxx;
  acc[o + 1]! += a * gxy;
  acc[o + 2]! += a * gyy;
  acc[o + 3]! += a * gxr;
  acc[o + 4]! += a * gyr;
}

/** Bilinear sample of a grey plane at (x, y), 1 ≤ x ≤ width − 2 (no clamping needed for ±0.5). */
function sampleGrey(g: Float32Array, width: number, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const o = y0 * width + x0;
  return (
    (g[o]! * (1 - fx) + g[o + 1]! * fx) * (1 - fy) +
    (g[o + width]! * (1 - fx) + g[o + width + 1]! * fx) * fy
  );
}
