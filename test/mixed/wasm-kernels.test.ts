import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COLORMAP_NAMES, colormap, colormapTable } from "../../src/core/colormap.js";
import { wasmModule } from "../../src/core/wasm.js";
import {
  FrameArena,
  type FrameJob,
  JS_KERNELS,
  runFrameJob,
} from "../../src/mixed/sample/index.js";
import { propertyRuns } from "../helpers.js";

/** The arena: Node 20 has WebAssembly SIMD and shared memory, so it must be there. */
function arena(): FrameArena {
  const a = FrameArena.create();
  if (!a) throw new Error("FrameArena.create() gave undefined on Node");
  return a;
}

/**
 * Bit-for-bit equality, with the first difference named; any NaN equals any
 * NaN (engines do not keep a NaN's sign or payload alike), 0 differs from −0.
 */
function sameBits(a: Float32Array, b: Float32Array): string {
  if (a.length !== b.length) return `lengths ${a.length} and ${b.length}`;
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length);
  const y = new Uint32Array(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < x.length; i++) {
    if (x[i] !== y[i] && !(Number.isNaN(a[i]) && Number.isNaN(b[i])))
      return `at ${i}: ${a[i]} and ${b[i]}`;
  }
  return "same";
}

const value = fc.oneof(
  { weight: 8, arbitrary: fc.float({ min: -1e3, max: 1e3, noNaN: true }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(Number.NaN, Infinity, -Infinity, 0, -0, 3.4e38, -3.4e38, 1e-42),
  },
);
const floats = (n: number) => fc.array(value, { minLength: n, maxLength: n });
const real = fc.double({ min: -4, max: 4, noNaN: true });

/** A job's inputs as arrays in the arena, and two outputs there (one for each side) with guards after them. */
function setUp(a: FrameArena, inputs: number[][], outLength: number) {
  const ins = inputs.map((v) => {
    const f = a.float32(v.length)!;
    f.set(v);
    return f;
  });
  const guarded = () => {
    const all = a.float32(outLength + 4)!;
    all.fill(-7);
    return { all, out: all.subarray(0, outLength) };
  };
  return { ins, js: guarded(), wasm: guarded() };
}

describe("FrameArena: the WebAssembly kernels", () => {
  it("compiles here (Node has SIMD and shared memory)", () => {
    expect(FrameArena.create()).toBeDefined();
  });

  // decisions 112 and 121
  it("positions: the same bits as the JavaScript kernel, nothing written past the nodes", () => {
    const a = arena();
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 37 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              floats(3 * n),
              floats(3 * n),
              floats(3 * n),
              fc.array(real, { minLength: 12, maxLength: 12 }),
              fc.oneof(
                fc.constant(0),
                fc.constant(1),
                fc.double({ min: -0.5, max: 1.5, noNaN: true }),
              ),
              fc.oneof(fc.constant(1), real),
            ),
          ),
        ([n, s0, s1, p0, matrix, alpha, factor]) => {
          const { ins, js, wasm } = setUp(a, [s0, s1, p0], 3 * n);
          const job = (out: Float32Array): FrameJob => ({
            kind: "positions",
            count: n,
            src0: ins[0]!,
            src1: ins[1]!,
            p0: factor === 1 ? null : ins[2]!,
            alpha,
            factor,
            matrix,
            out,
          });
          runFrameJob(job(js.out), 0, n);
          a.run(job(wasm.out));
          expect(sameBits(wasm.all, js.all)).toBe("same");
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });

  // decision 112
  it("values: the same bits as the JavaScript kernel, in fours and the rest", () => {
    const a = arena();
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 41 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              floats(n),
              floats(n),
              fc.double({ min: -1, max: 2, noNaN: true }),
            ),
          ),
        ([n, v0, v1, alpha]) => {
          const { ins, js, wasm } = setUp(a, [v0, v1], n);
          const job = (out: Float32Array): FrameJob => ({
            kind: "values",
            count: n,
            v0: ins[0]!,
            v1: ins[1]!,
            alpha,
            out,
          });
          runFrameJob(job(js.out), 0, n);
          a.run(job(wasm.out));
          expect(sameBits(wasm.all, js.all)).toBe("same");
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });

  it("colours: the same entries as mapScalars for every map, range and value (NaN, ±∞, a zero-width range)", () => {
    const a = arena();
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 29 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              floats(n),
              fc.constantFrom(...COLORMAP_NAMES),
              fc.double({ min: -10, max: 10, noNaN: true }),
              fc.oneof(fc.constant(0), fc.double({ min: -1, max: 20, noNaN: true })),
            ),
          ),
        ([n, values, name, min, width]) => {
          const { ins, js, wasm } = setUp(a, [values], 3 * n);
          const table = colormapTable(colormap(name));
          const job = (out: Float32Array): FrameJob => ({
            kind: "colours",
            count: n,
            values: ins[0]!,
            min,
            max: min + width,
            table,
            out,
          });
          runFrameJob(job(js.out), 0, n);
          a.run(job(wasm.out));
          expect(sameBits(wasm.all, js.all)).toBe("same");
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });

  it("runs a job whose arrays are not all in the arena in JavaScript, with the same answer", () => {
    const a = arena();
    const v0 = Float32Array.of(1, 2, 3, 4, 5);
    const v1 = a.float32(5)!;
    v1.set([5, 4, 3, 2, 1]);
    const out = new Float32Array(5);
    const expected = new Float32Array(5);
    a.run({ kind: "values", count: 5, v0, v1, alpha: 0.25, out });
    JS_KERNELS.run({ kind: "values", count: 5, v0, v1, alpha: 0.25, out: expected });
    expect(Array.from(out)).toEqual(Array.from(expected));
    expect(a.has(v0)).toBe(false);
    expect(a.has(v1)).toBe(true);
  });

  it("keeps earlier arrays valid and known as it grows", () => {
    const a = arena();
    const first = a.float32(8)!;
    first.set([1, 2, 3, 4, 5, 6, 7, 8]);
    const big = a.float32(3 * 65536)!; // more than the first page: the memory grows
    expect(a.size).toBeGreaterThan(65536 * 2);
    expect(Array.from(first)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(a.has(first)).toBe(true);
    expect(a.has(big)).toBe(true);
    const out = a.float32(8)!;
    a.run({ kind: "values", count: 8, v0: first, v1: first, alpha: 0.5, out });
    expect(Array.from(out)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(a.bytes(2 ** 33)).toBeUndefined();
  });

  it("adopts arrays once: an array already in the arena is kept, others are copied in", () => {
    const a = arena();
    const inside = a.float32(3)!;
    expect(a.adopt(inside)).toBe(inside);
    const outside = Float32Array.of(1, 2, 3);
    const copy = a.adopt(outside);
    expect(copy).not.toBe(outside);
    expect(a.has(copy)).toBe(true);
    expect(Array.from(copy)).toEqual([1, 2, 3]);
  });
});

describe("wasmModule", () => {
  it("encodes a module that imports a shared memory and validates", () => {
    const bytes = wasmModule([{ name: "f", params: [], locals: [], body: [] }], {
      module: "env",
      name: "memory",
      minPages: 1,
      maxPages: 2,
      shared: true,
    });
    expect(WebAssembly.validate(bytes)).toBe(true);
    const memory = new WebAssembly.Memory({ initial: 1, maximum: 2, shared: true });
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { memory } });
    expect(typeof instance.exports.f).toBe("function");
  });
});
