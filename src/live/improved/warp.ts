/**
 * The warp and cross-dissolve of the improved engine, in two steps.
 *
 * `buildSpans` turns the field into spans: runs of output pixels whose
 * sources in K and in L move by a constant step, in 16.16 fixed point. A row
 * of a smooth cell is one span (the motion is bilinear in the cell, so it is
 * linear along the row); the pixels of a row of a special cell, or of a cell
 * whose sources leave the picture, are a listed run — each pixel's sources
 * given, clamped to the picture (edge clamp), four pixels at a time — and
 * what is left of the row after its fours are spans of one (decision 393).
 *
 * `runSpans` samples both pictures bilinearly at each span pixel and blends
 * them, two channels at a time: the even and the odd bytes of a word each
 * sit in 16-bit lanes ("SIMD within a register"). A position is rounded to
 * 1/128 pixel; the four bilinear weights of K get the mass 128 − tw and
 * those of L the mass tw, so one weighted sum of eight texels per lane gives
 * the blended pixel, rounded once. Every lane stays below 2^15: all integer.
 * The byte order of a word does not matter; all four bytes are treated alike.
 */
import type { FieldGrid } from "./grid.js";
import { cellInside } from "./inside.js";
import { FIX, listedPixels, listedRoom, listedSmooth, motionRun, SPAN, singles } from "./listed.js";

export { listedRoom, SPAN };

import type { Padded } from "./sample.js";

const LANES = 0x00ff00ff;
const HALF = 0x00400040;
/** Span storage, grown when a frame needs more (rare: special pixels are spans of one). */
export class Spans {
  data: Int32Array = new Int32Array(0);
  count = 0;
  /**
   * Where the SIMD kernel reads the grid's per-pixel motion (bytes; 0: it
   * does not): special rows are then motion-listed runs (simd-motion.ts).
   */
  motion = 0;
  private viewOf: Int32Array | null = null;
  private view: Float64Array = new Float64Array(0);

  /** `data` as doubles (a motion-listed run's t; data starts on 8 bytes). */
  get doubles(): Float64Array {
    const { data } = this;
    if (this.viewOf !== data) {
      this.viewOf = data;
      this.view = new Float64Array(data.buffer, data.byteOffset, data.length >> 1);
    }
    return this.view;
  }

  /** Makes room for `n` more spans. */
  reserve(n: number): void {
    const need = (this.count + n) * SPAN;
    if (need <= this.data.length) return;
    const grown = this.grow(Math.max(need, this.data.length * 2));
    grown.set(this.data.subarray(0, this.count * SPAN));
    this.data = grown;
  }

  /** A new, larger store of `length` int32 (its start may alias the old one). */
  protected grow(length: number): Int32Array {
    return new Int32Array(length);
  }
}

/**
 * The spans of the in-between at time t: K at v − t·u(v), L at v + (1 − t)·u(v).
 * `listed: false` makes every pixel of a special row a span of one (the SIMD
 * kernel's fours take masses in [0, 128] only; see `render`).
 */
export function buildSpans(
  grid: FieldGrid,
  k: Padded,
  l: Padded,
  t: number,
  spans: Spans,
  listed = true,
): void {
  const { ncx, nodes, kind, width, height, cell: size } = grid;
  const max = [k.width - 1, k.height - 1, l.width - 1, l.height - 1] as const;
  const [kxMax, kyMax, lxMax, lyMax] = max;
  const s = 1 - t;
  const stride = (ncx + 1) * 2;
  const inv = 1 / size;
  spans.count = 0;
  // Special rows' sources made by the kernel from the motion in its memory (decision 416).
  const motion = listed && spans.motion !== 0 && grid.pmap.buffer === spans.data.buffer;
  for (let cy = grid.rowFrom; cy < grid.rowTo; cy++) {
    const y0 = cy * size;
    const y1 = Math.min(y0 + size, height);
    const cxTo = grid.colTo(cy);
    for (let cx = grid.colFrom(cy); cx < cxTo; cx++) {
      const x0 = cx * size;
      const x1 = Math.min(x0 + size, width);
      const cols = x1 - x0;
      const special = kind[cy * ncx + cx] !== 0;
      const n0 = cy * stride + cx * 2;
      const n1 = n0 + stride;
      const inside =
        !special && cellInside(nodes, n0, n1, x0, y0, x1, y1, inv, t, kxMax, kyMax, lxMax, lyMax);
      const room = listedRoom(cols & ~3);
      spans.reserve(inside ? y1 - y0 : (y1 - y0) * (cols + 1 + room));
      const pmap = grid.pmap; // after the reserve: a growth of the kernel's memory moves it

      const d = spans.data;
      let o = spans.count * SPAN;
      const ax = nodes[n0]!;
      const ay = nodes[n0 + 1]!;
      const bx = nodes[n0 + 2]!;
      const by = nodes[n0 + 3]!;
      const dax = nodes[n1]! - ax;
      const day = nodes[n1 + 1]! - ay;
      const dbx = nodes[n1 + 2]! - bx;
      const dby = nodes[n1 + 3]! - by;
      for (let y = y0; y < y1; y++) {
        const fy = (y - y0) * inv;
        // The motion at the cell's left edge on this row, and its step along the row.
        const ux = ax + dax * fy;
        const uy = ay + day * fy;
        const dux = (bx + dbx * fy - ux) * inv;
        const duy = (by + dby * fy - uy) * inv;
        if (inside) {
          d[o] = y * width + x0;
          d[o + 1] = cols;
          d[o + 2] = ((x0 - t * ux) * 65536 + FIX) | 0;
          d[o + 3] = ((y - t * uy) * 65536 + FIX) | 0;
          d[o + 4] = ((1 - t * dux) * 65536) | 0;
          d[o + 5] = (-t * duy * 65536) | 0;
          d[o + 6] = ((x0 + s * ux) * 65536 + FIX) | 0;
          d[o + 7] = ((y + s * uy) * 65536 + FIX) | 0;
          d[o + 8] = ((1 + s * dux) * 65536) | 0;
          d[o + 9] = (s * duy * 65536) | 0;
          o += SPAN;
          continue;
        }
        // The row's fours as one listed run, the rest as spans of one.
        const fours = listed ? cols & ~3 : 0;
        if (fours > 0 && special && motion) {
          motionRun(d, spans.doubles, spans.motion, o, y * width + x0, fours, x0, y, t, max);
          o += SPAN;
        } else if (fours > 0) {
          d[o] = y * width + x0;
          d[o + 1] = -fours;
          d[o + 2] = room;
          for (let f = 3; f < SPAN; f++) d[o + f] = 0;
          if (special)
            listedPixels(d, o, pmap, y * width + x0, x0, y, fours, t, kxMax, kyMax, lxMax, lyMax);
          else listedSmooth(d, o, x0, y, fours, t, [ux, uy, dux, duy], max);
          o += (1 + room) * SPAN;
        }
        if (x0 + fours < x1)
          o = singles(
            d,
            o,
            special ? pmap : null,
            x0 + fours,
            x1,
            fours,
            y,
            width,
            t,
            [ux, uy, dux, duy],
            max,
          );
      }
      spans.count = o / SPAN;
    }
  }
}

/** Renders the spans into `out`: (128 − tw)/128 of K plus tw/128 of L at each pixel. */
export function runSpans(spans: Spans, k: Padded, l: Padded, tw: number, out: Int32Array): void {
  const d = spans.data;
  const kd = k.data;
  const ld = l.data;
  const ks = k.stride;
  const ls = l.stride;
  const a = 128 - tw;
  const end = spans.count * SPAN;
  for (let o = 0; o < end; o += SPAN) {
    let q = d[o]!;
    const count = d[o + 1]!;
    if (count < 0) {
      // A listed run: each pixel's sources given, four pixels at a time.
      const room = d[o + 2]!;
      for (let c = 0; c < -count; c++) {
        const at = o + SPAN + (c & ~3) * 4 + (c & 3);
        out[q + c] = texel(kd, ld, ks, ls, d[at]!, d[at + 4]!, d[at + 8]!, d[at + 12]!, a, tw);
      }
      o += room * SPAN;
      continue;
    }
    const stop = q + count;
    let XK = d[o + 2]!;
    let YK = d[o + 3]!;
    const DXK = d[o + 4]!;
    const DYK = d[o + 5]!;
    let XL = d[o + 6]!;
    let YL = d[o + 7]!;
    const DXL = d[o + 8]!;
    const DYL = d[o + 9]!;
    for (; q < stop; q++) {
      out[q] = texel(kd, ld, ks, ls, XK, YK, XL, YL, a, tw);
      XK += DXK;
      YK += DYK;
      XL += DXL;
      YL += DYL;
    }
  }
}

/** One blended pixel: K at (XK, YK) with mass a, L at (XL, YL) with mass tw (16.16, 1/128 rounding in FIX). */
function texel(
  kd: Int32Array,
  ld: Int32Array,
  ks: number,
  ls: number,
  XK: number,
  YK: number,
  XL: number,
  YL: number,
  a: number,
  tw: number,
): number {
  const ik = (YK >> 16) * ks + (XK >> 16);
  const il = (YL >> 16) * ls + (XL >> 16);
  const k00 = kd[ik]!;
  const k01 = kd[ik + 1]!;
  const k10 = kd[ik + ks]!;
  const k11 = kd[ik + ks + 1]!;
  const l00 = ld[il]!;
  const l01 = ld[il + 1]!;
  const l10 = ld[il + ls]!;
  const l11 = ld[il + ls + 1]!;
  // Bilinear weights: mass a over K's texels, tw over L's, rounded so each sums exactly.
  const fyk = (YK >> 9) & 127;
  const fyl = (YL >> 9) & 127;
  const sk = (((XK >> 9) & 127) * a + 64) >> 7;
  const a11 = (sk * fyk + 64) >> 7;
  const a10 = ((a - sk) * fyk + 64) >> 7;
  const sl = (((XL >> 9) & 127) * tw + 64) >> 7;
  const b11 = (sl * fyl + 64) >> 7;
  const b10 = ((tw - sl) * fyl + 64) >> 7;
  const a01 = sk - a11;
  const a00 = a - sk - a10;
  const b01 = sl - b11;
  const b00 = tw - sl - b10;
  const even =
    (((k00 & LANES) * a00 +
      (k01 & LANES) * a01 +
      (k10 & LANES) * a10 +
      (k11 & LANES) * a11 +
      (l00 & LANES) * b00 +
      (l01 & LANES) * b01 +
      (l10 & LANES) * b10 +
      (l11 & LANES) * b11 +
      HALF) >>
      7) &
    LANES;
  const odd =
    ((((k00 >> 8) & LANES) * a00 +
      ((k01 >> 8) & LANES) * a01 +
      ((k10 >> 8) & LANES) * a10 +
      ((k11 >> 8) & LANES) * a11 +
      ((l00 >> 8) & LANES) * b00 +
      ((l01 >> 8) & LANES) * b01 +
      ((l10 >> 8) & LANES) * b10 +
      ((l11 >> 8) & LANES) * b11 +
      HALF) >>
      7) &
    LANES;
  return even | (odd << 8);
}

/** Writes the per-pixel sources in K (xk, yk) and in L (xl, yl) at time t, as planes of width × height. */
export function writeMaps(
  grid: FieldGrid,
  t: number,
  xk: Float32Array,
  yk: Float32Array,
  xl: Float32Array,
  yl: Float32Array,
): void {
  const { ncx, nodes, kind, pmap, width, height, cell: size } = grid;
  const stride = (ncx + 1) * 2;
  const inv = 1 / size;
  const s = 1 - t;
  for (let y = 0; y < height; y++) {
    const cy = (y / size) | 0;
    const fy = (y - cy * size) * inv;
    const row = y * width;
    for (let cx = 0; cx < ncx; cx++) {
      const x0 = cx * size;
      const x1 = Math.min(x0 + size, width);
      const n0 = cy * stride + cx * 2;
      const n1 = n0 + stride;
      const ux = nodes[n0]! + (nodes[n1]! - nodes[n0]!) * fy;
      const uy = nodes[n0 + 1]! + (nodes[n1 + 1]! - nodes[n0 + 1]!) * fy;
      const dux = (nodes[n0 + 2]! + (nodes[n1 + 2]! - nodes[n0 + 2]!) * fy - ux) * inv;
      const duy = (nodes[n0 + 3]! + (nodes[n1 + 3]! - nodes[n0 + 3]!) * fy - uy) * inv;
      const smooth = kind[cy * ncx + cx] === 0;
      for (let x = x0, c = 0; x < x1; x++, c++) {
        const q = row + x;
        const vx = smooth ? ux + dux * c : pmap[2 * q]!;
        const vy = smooth ? uy + duy * c : pmap[2 * q + 1]!;
        xk[q] = x - t * vx;
        yk[q] = y - t * vy;
        xl[q] = x + s * vx;
        yl[q] = y + s * vy;
      }
    }
  }
}
