/**
 * The special rows the SIMD kernel lists itself from the grid's per-pixel
 * motion in its memory (decision 416): the same bytes as the JavaScript
 * kernel's listed runs, whose sources buildSpans computes.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { FieldGrid } from "../../src/live/improved/grid.js";
import { ImprovedMorph } from "../../src/live/improved/index.js";
import { listedPixels, listedRoom, motionRun, SPAN } from "../../src/live/improved/listed.js";
import { jsRenderer, simdRenderer } from "../../src/live/improved/renderer.js";
import { demoFrame, noise } from "./improved-same.js";

const hashOf = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

// decision 416
describe("the SIMD kernel's motion-listed runs (decision 416)", () => {
  it("give the bytes of the JavaScript kernel's listed runs, edge values included", () => {
    const width = 37;
    const height = 11;
    const k = noise(width, height, 5);
    const l = noise(width, height, 6);
    const simd = simdRenderer(k, l)!;
    const js = jsRenderer(k, l);
    expect(simd.simd).toBe(true);
    // A grid stand-in: only its per-pixel motion is read.
    const grid = { pmap: new Float32Array(width * height * 2) } as unknown as FieldGrid;
    let rand = 9;
    const next = () => {
      rand = (rand * 1103515245 + 12345) >>> 0;
      return rand / 2 ** 32;
    };
    const edges = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 0, 1e30];
    for (let i = 0; i < grid.pmap.length; i++) {
      grid.pmap[i] = i % 17 === 3 ? edges[((i / 17) % edges.length) | 0]! : (next() - 0.5) * 60;
    }
    simd.bind(grid);
    expect(simd.spans.motion).toBeGreaterThan(0);
    const max = [width - 1, height - 1, width - 1, height - 1];
    for (const t of [0, 0.3, 0.5, 1]) {
      for (const r of [simd, js]) r.spans.count = 0;
      // Each row: its first 4·⌊n/4⌋ pixels (n = 4 … 36) listed; the rest stay as they were.
      for (let y = 0; y < height; y++) {
        const n = 4 * (1 + (y % 9));
        simd.spans.reserve(1);
        const o = simd.spans.count * SPAN;
        const d = simd.spans.data;
        motionRun(d, simd.spans.doubles, simd.spans.motion, o, y * width, n, 0, y, t, max);
        simd.spans.count++;
        const room = listedRoom(n);
        js.spans.reserve(1 + room);
        const e = js.spans.data;
        const p = js.spans.count * SPAN;
        e.fill(0, p, p + SPAN);
        e[p] = y * width;
        e[p + 1] = -n;
        e[p + 2] = room;
        listedPixels(e, p, grid.pmap, y * width, 0, y, n, t, max[0]!, max[1]!, max[2]!, max[3]!);
        js.spans.count += 1 + room;
      }
      for (const tw of [0, 1, 64, 127, 128]) {
        const a = hashOf(Uint8Array.from(simd.run(tw).data));
        expect(a, `t ${t} tw ${tw}`).toBe(hashOf(Uint8Array.from(js.run(tw).data)));
      }
    }
  });

  it("keep the engine's bytes when the kernel's memory grows and the motion moves", () => {
    const k = demoFrame("neutral");
    const l = demoFrame("smile");
    const simd = new ImprovedMorph(k, l);
    const js = new ImprovedMorph(k, l, { simd: false });
    type Held = { renderer: { spans: { data: Int32Array; reserve(n: number): void } } };
    const { spans } = (simd as unknown as Held).renderer;
    for (const t of [0.3, 0.7]) {
      simd.prepare(t);
      // A growth of the memory between frames (a frame with many spans grows it so).
      const before = spans.data.buffer;
      spans.reserve(spans.data.length);
      expect(spans.data.buffer).not.toBe(before);
      simd.prepare(t);
      js.prepare(t);
      const a = hashOf(Uint8Array.from(simd.render().data));
      expect(a, `t ${t}`).toBe(hashOf(Uint8Array.from(js.render().data)));
    }
  });
});
