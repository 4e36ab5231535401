/**
 * The refined flow's inversion in WebAssembly (invert-wasm.ts) against
 * `RefinedFlow.invert`: the same numbers for many pixels and guesses, and
 * the engine with it the same bytes and maps as with the JavaScript
 * (decision 410).
 */
import { describe, expect, it } from "vitest";
import { benchFace } from "../../bench/live-face.js";
import type { EngineFrame } from "../../src/live/engine.js";
import { ImprovedMorph } from "../../src/live/improved/index.js";
import { flowWasm } from "../../src/live/improved/invert-wasm.js";
import type { RefinedFlow } from "../../src/live/improved/refine.js";
import { qualityScenes } from "../../src/live/quality/index.js";

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The morph's private parts the test looks at. */
interface Inside {
  readonly refined: RefinedFlow;
  readonly grid: { readonly nodes: Float64Array; readonly pmap: Float32Array };
}

/** Differing numbers of a and b (NaN equals NaN, −0 differs from 0). */
function differing(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) n++;
  return n + Math.abs(a.length - b.length);
}

/** The WebAssembly cells of random guesses against `invert` per pixel, on flow `flow` of a width × height picture. */
function compareCells(flow: RefinedFlow, width: number, height: number, rounds: number): number {
  const wasm = flowWasm(flow, 16, 4)!;
  // Node has WebAssembly: the module must build.
  expect(wasm).not.toBeNull();
  const next = random(7);
  const io = new Float64Array(5);
  const special = [Number.NaN, 0, -0, Number.POSITIVE_INFINITY, -1e9, 1e9];
  const a = new Float32Array(2 * width * height);
  const b = new Float32Array(2 * width * height);
  let [pixels, found, bad] = [0, 0, 0];
  for (let r = 0; r < rounds; r++) {
    const cols = 1 + Math.floor(next() * 16);
    const rows = 1 + Math.floor(next() * 16);
    const x0 = Math.floor(next() * (width - cols + 1));
    const y0 = Math.floor(next() * (height - rows + 1));
    const t = [0, -0, 1, 0.5, next()][r % 5]!;
    const reach = [2, 20, 80][r % 3]!;
    for (let y = y0; y < y0 + rows; y++) {
      for (let k = 2 * (y * width + x0); k < 2 * (y * width + x0 + cols); k++) {
        a[k] = b[k] =
          next() < 0.01 ? special[Math.floor(next() * special.length)]! : (next() - 0.5) * reach;
      }
    }
    wasm.cell(a, width, x0, y0, cols, rows, t);
    for (let y = y0; y < y0 + rows; y++) {
      for (let x = x0; x < x0 + cols; x++) {
        const o = 2 * (y * width + x);
        io.set([x, y, t, b[o]!, b[o + 1]!]);
        if (flow.invert(io)) {
          b[o] = io[3]!;
          b[o + 1] = io[4]!;
          found++;
        }
        pixels++;
      }
    }
    for (let y = y0; y < y0 + rows; y++) {
      const o = 2 * (y * width + x0);
      bad += differing(a.subarray(o, o + 2 * cols), b.subarray(o, o + 2 * cols));
    }
  }
  // Both kinds of pixel, many of each: found by the flow and left (a frozen node).
  expect(found).toBeGreaterThan(pixels / 4);
  expect(pixels - found).toBeGreaterThan(pixels / 50);
  return bad;
}

/** The engine with and without WebAssembly inversion: the same bytes, nodes and per-pixel motion. */
function compareMorphs(k: EngineFrame, l: EngineFrame, split: number): void {
  const wasm = new ImprovedMorph(k, l);
  const js = new ImprovedMorph(k, l, { simd: false });
  expect((wasm as unknown as { inverter: unknown }).inverter).not.toBeNull();
  expect((js as unknown as { inverter: unknown }).inverter).toBeNull();
  for (const t of [0, 0.05, 0.5, 0.95, 1]) {
    for (const [from, to] of [
      [0, Number.MAX_SAFE_INTEGER],
      [split, Number.MAX_SAFE_INTEGER],
    ] as const) {
      wasm.cells(from, to);
      js.cells(from, to);
      wasm.prepare(t);
      js.prepare(t);
      const [a, b] = [wasm, js].map((m) => (m as unknown as Inside).grid);
      expect(differing(a!.nodes, b!.nodes)).toBe(0);
      expect(differing(wasm.render().data, js.render().data)).toBe(0);
      const { width, height } = wasm;
      const maps = [wasm, js].map((m) => {
        const p = [0, 1, 2, 3].map(() => new Float32Array(width * height));
        m.maps(p[0]!, p[1]!, p[2]!, p[3]!);
        return p;
      });
      for (let p = 0; p < 4; p++) expect(differing(maps[0]![p]!, maps[1]![p]!)).toBe(0);
    }
  }
}

describe("the refined flow's WebAssembly inversion", () => {
  // decisions 410, 411, 412, 413
  it("gives invert's numbers for random pixels and guesses, NaN, ±0 and infinities included", () => {
    const { k, l } = benchFace();
    const morph = new ImprovedMorph(k, l) as unknown as Inside;
    expect(compareCells(morph.refined, 640, 480, 1500)).toBe(0);
    const mouth = qualityScenes(160, 120).find((s) => s.name === "mouth")!;
    const small = new ImprovedMorph(mouth.k, mouth.l) as unknown as Inside;
    expect(compareCells(small.refined, 160, 120, 1500)).toBe(0);
  });

  // decisions 410, 411, 412, 413
  it("gives the engine the JavaScript's bytes, nodes and maps, whole and in a band", () => {
    const { k, l } = benchFace();
    compareMorphs(k, l, 14 * 40 + 17);
    for (const s of qualityScenes(160, 120)) compareMorphs(s.k, s.l, 3 * 10 + 4);
  });
});
