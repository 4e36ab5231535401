/**
 * The field evaluator's WebAssembly sums (field-wasm.ts) against its
 * JavaScript ones: the same bits at many points, with forced sides and
 * block masks, over no cut, one and several mask words (decision 400).
 */
import { describe, expect, it } from "vitest";
import { benchFace } from "../../bench/live-face.js";
import type { EngineFrame } from "../../src/live/engine.js";
import { createImage } from "../../src/live/image.js";
import { assemble } from "../../src/live/improved/asm.js";
import { FieldEvaluator } from "../../src/live/improved/field.js";
import { FieldGeometry } from "../../src/live/improved/geometry.js";
import { qualityScenes } from "../../src/live/quality/index.js";

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Frames with 44 points on a wobbly ring cut as one polyline (43 segments: two mask words). */
function manyCuts(): [EngineFrame, EngineFrame] {
  const frameAt = (phase: number): EngineFrame => {
    const xy: number[] = [];
    for (let j = 0; j < 44; j++) {
      const a = (j / 44) * 2 * Math.PI;
      const r = 50 + 12 * Math.sin(5 * a + phase);
      xy.push(80 + r * Math.cos(a), 60 + r * Math.sin(a));
    }
    const cut = Array.from({ length: 44 }, (_, j) => j);
    return {
      image: createImage(160, 120),
      names: cut.map((j) => `p${j}`),
      points: Float64Array.from(xy),
      cuts: [cut],
    };
  };
  return [frameAt(0), frameAt(1.3)];
}

/** Both evaluators at `count` points (control points among them), with random forced sides and masks. */
function compare(k: EngineFrame, l: EngineFrame, width: number, height: number, count: number) {
  const g = new FieldGeometry(k, l, width, height);
  const wasm = new FieldEvaluator(g);
  const js = new FieldEvaluator(g, false);
  // Node has WebAssembly: the module must build, or both sides would be JavaScript.
  expect((wasm as unknown as { wasm: unknown }).wasm).not.toBeNull();
  expect((js as unknown as { wasm: unknown }).wasm).toBeNull();
  const masks = new Int32Array(4 * g.n * g.words);
  const a = new Float64Array(2);
  const b = new Float64Array(2);
  let mismatches = 0;
  let evaluations = 0;
  for (const t of [0.1, 0.5, 0.9]) {
    g.update(t);
    const next = random(Math.round(t * 1000));
    for (let e = 0; e < count; e++) {
      const onPoint = e % 17 === 0;
      const p = Math.floor(next() * g.n);
      const x = onPoint ? g.px[p]! : next() * (width + 20) - 10;
      const y = onPoint ? g.py[p]! : next() * (height + 20) - 10;
      const forced = g.ns > 0 ? Math.floor(next() * 4) : 0;
      const slot = e % 4;
      const masked = e % 3 !== 0;
      if (masked) g.blockMask(x, y, 4 + 30 * next(), masks, slot * g.n * g.words);
      const draws = Array.from({ length: forced }, () => ({
        seg: Math.floor(next() * g.ns),
        positive: next() < 0.5,
      }));
      for (const f of [wasm, js]) {
        f.unforce();
        for (const d of draws) f.force(d.seg, d.positive);
        f.useMask(masked ? masks : null, slot * g.n * g.words);
      }
      wasm.eval(x, y, a, 0);
      js.eval(x, y, b, 0);
      evaluations++;
      if (!Object.is(a[0], b[0]) || !Object.is(a[1], b[1])) mismatches++;
    }
  }
  return { mismatches, evaluations, words: g.words };
}

describe("the field's WebAssembly sums", () => {
  // decisions 400, 421 (a fade's limit of 24 without its division)
  it("give the JavaScript's bits at points, control points, forced sides and masks", () => {
    const face = benchFace();
    const scenes = qualityScenes(160, 120);
    const mouth = scenes.find((s) => s.name === "mouth")!;
    const bumps = scenes.find((s) => s.name === "bumps")!;
    const [k, l] = manyCuts();
    const runs = [
      compare(face.k, face.l, face.k.image.width, face.k.image.height, 3000),
      compare(mouth.k, mouth.l, 160, 120, 3000),
      compare(k, l, 160, 120, 3000),
      compare(bumps.k, bumps.l, 160, 120, 1000),
    ];
    for (const r of runs) expect(r.mismatches).toBe(0);
    expect(runs[2]!.words).toBe(2);
  });

  it("assembles instruction names, refusing unknown ones and locals", () => {
    expect(assemble("get X f64 1 f64.add set Y", ["X", "Y"])).toEqual([
      0x20, 0, 0x44, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0xa0, 0x21, 1,
    ]);
    expect(() => assemble("f64.fma", [])).toThrow();
    expect(() => assemble("get Z", ["X"])).toThrow();
  });
});
