/**
 * The field grid's and the cuts' bands' own work made cheaper without
 * changing a number (decisions 402–405): each new loop against the loop it
 * replaced, kept here as the reference, on random geometry with level,
 * upright, crossing and zero-length segments.
 */
import { describe, expect, it } from "vitest";
import type { EngineFrame } from "../../src/live/engine.js";
import { createImage } from "../../src/live/image.js";
import { CutBands, FADE_TO, HOLD, reaches } from "../../src/live/improved/bands.js";
import { FieldGeometry } from "../../src/live/improved/geometry.js";
import type { FieldGrid } from "../../src/live/improved/grid.js";
import { EvalMemo } from "../../src/live/improved/memo.js";
import { edges, labelPixels, MAX_QUARTER } from "../../src/live/improved/quarter.js";

/** A deterministic generator of numbers in [0, 1). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) >>> 0;
    return s / 2 ** 32;
  };
}

/** A frame of `n` points in a w × h picture (some on one row or column, some repeated) and random cuts. */
function frame(
  n: number,
  w: number,
  h: number,
  rand: () => number,
  points?: Float64Array,
): EngineFrame {
  const p = points ?? new Float64Array(2 * n);
  if (!points) {
    for (let i = 0; i < n; i++) {
      p[2 * i] = -10 + rand() * (w + 20);
      p[2 * i + 1] = -10 + rand() * (h + 20);
    }
    p[2] = p[0]!; // upright
    p[5] = p[1]! + 0; // level with point 0
    p[6] = p[4]!; // point 3 on point 2
    p[7] = p[5]!;
    p[9] = Math.round(p[9]!); // on a row of pixels
  }
  const cuts = [
    [0, 1, 2, 3, 4],
    [5, 6, 7],
    [8, 9, 0],
    [10, 11],
  ];
  return {
    image: createImage(w, h),
    names: Array.from({ length: n }, (_, i) => `p${i}`),
    points: p,
    cuts,
  };
}

/** CutBands.apply as it was before decision 402 (one cell's pixels against every near segment). */
function bandsBefore(grid: FieldGrid, k: EngineFrame, l: EngineFrame, points: Float64Array): void {
  const { ncx, kind, pmap, nodes, cell, width, height, rowFrom, rowTo } = grid;
  const kp = k.points;
  const lp = l.points;
  const stride = (ncx + 1) * 2;
  const far2 = FADE_TO * FADE_TO;
  for (let cy = rowFrom; cy < rowTo; cy++) {
    for (let cx = grid.colFrom(cy); cx < grid.colTo(cy); cx++) {
      const x0 = cx * cell;
      const y0 = cy * cell;
      const x1 = Math.min(x0 + cell, width);
      const y1 = Math.min(y0 + cell, height);
      const near: number[] = [];
      for (const cut of k.cuts) {
        for (let s = 0; s + 1 < cut.length; s++) {
          if (reaches(points, cut[s]!, cut[s + 1]!, x0, y0, x1 - 1, y1 - 1))
            near.push(cut[s]!, cut[s + 1]!);
        }
      }
      if (near.length === 0) continue;
      const smooth = kind[cy * ncx + cx] === 0;
      if (smooth) {
        const n0 = cy * stride + cx * 2;
        const n1 = n0 + stride;
        for (let y = y0; y < y1; y++) {
          const fy = (y - y0) / cell;
          const ux = nodes[n0]! + (nodes[n1]! - nodes[n0]!) * fy;
          const uy = nodes[n0 + 1]! + (nodes[n1 + 1]! - nodes[n0 + 1]!) * fy;
          const dux = (nodes[n0 + 2]! + (nodes[n1 + 2]! - nodes[n0 + 2]!) * fy - ux) / cell;
          const duy = (nodes[n0 + 3]! + (nodes[n1 + 3]! - nodes[n0 + 3]!) * fy - uy) / cell;
          for (let x = x0, c = 0; x < x1; x++, c++) {
            pmap[2 * (y * width + x)] = ux + dux * c;
            pmap[2 * (y * width + x) + 1] = uy + duy * c;
          }
        }
      }
      let largest = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          let best = far2;
          let ux = 0;
          let uy = 0;
          let nx = 0;
          let ny = 0;
          for (let i = 0; i < near.length; i += 2) {
            const a = near[i]!;
            const b = near[i + 1]!;
            const ax = points[2 * a]!;
            const ay = points[2 * a + 1]!;
            const dx = points[2 * b]! - ax;
            const dy = points[2 * b + 1]! - ay;
            const len2 = dx * dx + dy * dy;
            if (!(len2 > 0)) continue;
            const f = Math.min(Math.max(((x - ax) * dx + (y - ay) * dy) / len2, 0), 1);
            const ex = ax + f * dx - x;
            const ey = ay + f * dy - y;
            const d2 = ex * ex + ey * ey;
            if (!(d2 < best)) continue;
            best = d2;
            ux = (1 - f) * (lp[2 * a]! - kp[2 * a]!) + f * (lp[2 * b]! - kp[2 * b]!);
            uy =
              (1 - f) * (lp[2 * a + 1]! - kp[2 * a + 1]!) + f * (lp[2 * b + 1]! - kp[2 * b + 1]!);
            const len = Math.sqrt(len2);
            nx = -dy / len;
            ny = dx / len;
          }
          if (best >= far2) continue;
          const q = 2 * (y * width + x);
          const share = Math.min(1, (FADE_TO - Math.sqrt(best)) / (FADE_TO - HOLD));
          const across = share * ((ux - pmap[q]!) * nx + (uy - pmap[q + 1]!) * ny);
          pmap[q] = pmap[q]! + across * nx;
          pmap[q + 1] = pmap[q + 1]! + across * ny;
          largest = Math.max(largest, Math.abs(across));
        }
      }
      if (!smooth || largest >= 1 / 64) kind[cy * ncx + cx] = 1;
    }
  }
}

/** The fields of a FieldGrid that CutBands reads and writes, random, over cells [from, to). */
function fakeGrid(
  w: number,
  h: number,
  cell: number,
  rand: () => number,
  from: number,
  to: number,
): FieldGrid {
  const ncx = Math.ceil(w / cell);
  const ncy = Math.ceil(h / cell);
  const nodes = Float64Array.from({ length: (ncx + 1) * (ncy + 1) * 2 }, () => rand() * 20 - 10);
  const pmap = Float32Array.from({ length: w * h * 2 }, () => rand() * 20 - 10);
  const kind = Uint8Array.from({ length: ncx * ncy }, () => (rand() < 0.5 ? 1 : 0));
  return {
    ncx,
    ncy,
    cell,
    width: w,
    height: h,
    nodes,
    pmap,
    kind,
    rowFrom: Math.floor(from / ncx),
    rowTo: Math.ceil(to / ncx),
    colFrom: (cy: number) => Math.max(0, from - cy * ncx),
    colTo: (cy: number) => Math.max(0, Math.min(ncx, to - cy * ncx)),
  } as unknown as FieldGrid;
}

describe("the improved engine's grid and bands, made cheaper", () => {
  // decisions 402, 419
  it("CutBands gives the per-pixel loop's motions and cell kinds", () => {
    const rand = random(5);
    for (let trial = 0; trial < 24; trial++) {
      const [w, h, cell] = trial % 2 ? [70, 53, 8] : [96, 80, 16];
      const k = frame(12, w!, h!, rand);
      const l = frame(12, w!, h!, rand);
      const t = rand();
      const points = k.points.map((v, i) => (1 - t) * v + t * l.points[i]!);
      if (trial % 5 === 0) points[3] = points[1]!; // a level segment at t
      const cells = Math.ceil(w! / cell!) * Math.ceil(h! / cell!);
      const from = trial % 3 === 0 ? Math.floor(rand() * cells) : 0;
      const to = trial % 3 === 0 ? from + Math.floor(rand() * (cells - from)) : cells;
      const seed = Math.floor(rand() * 1e9);
      const before = fakeGrid(w!, h!, cell!, random(seed), from, to);
      const after = fakeGrid(w!, h!, cell!, random(seed), from, to);
      bandsBefore(before, k, l, points);
      new CutBands(k).apply(after, l, points);
      expect(after.kind).toEqual(before.kind);
      expect(new Uint8Array(after.pmap.buffer)).toEqual(new Uint8Array(before.pmap.buffer));
    }
  });

  // decision 405
  it("FieldGeometry.blockMask gives the pairwise loop's masks", () => {
    const rand = random(9);
    for (let trial = 0; trial < 30; trial++) {
      const k = frame(40, 200, 150, rand);
      const l = frame(40, 200, 150, rand);
      // More than 32 segments (two words per mask) in some trials.
      const cuts =
        trial % 2 ? [...k.cuts, Array.from({ length: 30 }, (_, i) => 12 + (i % 28))] : k.cuts;
      const g = new FieldGeometry({ ...k, cuts }, { ...l, cuts }, 200, 150);
      g.update(rand());
      const words = g.n * g.words;
      for (let b = 0; b < 6; b++) {
        const cx = rand() * 200;
        const cy = rand() * 150;
        const r = 10 + rand() * 60;
        const out = new Int32Array(words + 3).fill(-1);
        g.blockMask(cx, cy, r, out, 2);
        expect(Array.from(out.subarray(2, 2 + words)), `trial ${trial}`).toEqual(
          blockMaskBefore(g, cx, cy, r),
        );
        expect([out[0], out[1], out[2 + words]]).toEqual([-1, -1, -1]);
      }
    }
  });

  // decision 404
  it("EvalMemo evaluates each (sides, block, point) once and gives back its value", () => {
    const rand = random(3);
    const memo = new EvalMemo(65, 49);
    for (let round = 0; round < 3; round++) {
      memo.clear();
      const seen = new Map<string, [number, number]>();
      let evaluations = 0;
      const out = new Float64Array(4);
      for (let i = 0; i < 6000; i++) {
        const a = Math.floor(rand() * 3) * 625 + (round === 2 ? 2 ** 40 : 0);
        const b = Math.floor(rand() * 2) * 25;
        const block = Math.floor(rand() * 4);
        const x = Math.floor(rand() * 65);
        const y = Math.floor(rand() * 49);
        const key = `${a} ${b} ${block} ${x} ${y}`;
        memo.fill(a, b, block, x, y, out, 2, (_x, _y, o, at) => {
          evaluations++;
          o[at] = rand();
          o[at + 1] = -rand();
        });
        const kept = seen.get(key);
        if (kept) expect([out[2], out[3]]).toEqual(kept);
        else seen.set(key, [out[2]!, out[3]!]);
      }
      expect(evaluations).toBe(seen.size);
    }
  });

  // decision 403
  it("a quarter's labels and bilinear motion are the per-pixel formulas' numbers", () => {
    const rand = random(11);
    const g = new FieldGeometry(frame(12, 64, 48, rand), frame(12, 64, 48, rand), 64, 48);
    g.update(0.4);
    const labels = new Uint8Array(64);
    const out = new Float64Array(16 * MAX_QUARTER * 4);
    for (let trial = 0; trial < 50; trial++) {
      const count = 1 + (trial % 4);
      const local = Int32Array.from({ length: 4 }, () => Math.floor(rand() * g.ns));
      const [x0, y0, sub] = [Math.floor(rand() * 56), Math.floor(rand() * 40), trial % 2 ? 8 : 4];
      const used = labelPixels(
        g,
        local,
        count,
        x0,
        y0,
        sub,
        sub - 1,
        sub,
        labels,
        new Float64Array(12),
      );
      let want = 0;
      for (let r = 0; r < sub - 1; r++) {
        for (let c = 0; c < sub; c++) {
          let label = 0;
          for (let k = 0; k < count; k++) {
            const s = local[k]!;
            const o = g.sdy[s]! * (g.sax[s]! - x0 - c) - g.sdx[s]! * (g.say[s]! - y0 - r);
            if (o > 0) label |= 1 << k;
          }
          expect(labels[r * sub + c]).toBe(label);
          want |= 1 << label;
        }
      }
      expect(used).toBe(want);
      const v = Float64Array.from({ length: 8 }, () => rand() * 40 - 20);
      edges(v, 0, 4, sub, sub, out, 3);
      for (let r = 0; r < sub; r++) {
        for (let c = 0; c < sub; c++) {
          for (let d = 0; d < 2; d++) {
            const top = v[d]! + (v[2 + d]! - v[d]!) * (c / sub);
            const bottom = v[4 + d]! + (v[6 + d]! - v[4 + d]!) * (c / sub);
            const e = (3 * MAX_QUARTER + c) * 4;
            expect(out[e + d]! + out[e + 2 + d]! * (r / sub)).toBe(
              top + (bottom - top) * (r / sub),
            );
          }
        }
      }
    }
  });
});

/** FieldGeometry.blockMask as it was before decision 405: every point against every segment. */
function blockMaskBefore(g: FieldGeometry, cx: number, cy: number, r: number): number[] {
  const { n, ns, words } = g;
  const out = new Array<number>(n * words).fill(0);
  const wedge = (g as unknown as { wedge: Float64Array }).wedge;
  for (let i = 0; i < n; i++) {
    const qx = cx - g.px[i]!;
    const qy = cy - g.py[i]!;
    for (let s = 0; s < ns; s++) {
      const op = g.orient[i * ns + s]!;
      if (op === 0) continue;
      const beyond = (g.sdy[s]! * (g.sax[s]! - cx) - g.sdx[s]! * (g.say[s]! - cy)) / g.slen[s]!;
      if ((op > 0 ? beyond : -beyond) > r) continue;
      const o = (i * ns + s) * 4;
      if (wedge[o]! * qx + wedge[o + 1]! * qy < -r) continue;
      if (wedge[o + 2]! * qx + wedge[o + 3]! * qy < -r) continue;
      out[i * words + (s >> 5)]! |= 1 << (s & 31);
    }
  }
  return out;
}
