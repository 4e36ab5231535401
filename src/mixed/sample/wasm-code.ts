/**
 * The frame kernels' WebAssembly module (see `wasm-kernels.ts`): values and
 * colours here, positions in `wasm-positions.ts`; compiled once.
 */
import {
  code,
  countDown,
  F64,
  I32,
  increment as inc,
  op,
  V128,
  type WasmFunction,
  wasmModule,
} from "../../core/wasm.js";
import { positionsKernel } from "./wasm-positions.js";

/** The memory's limit in pages (4 GiB, WebAssembly's 32-bit address space). */
export const MAX_PAGES = 65536;

const HIGH_HALF = [8, 9, 10, 11, 12, 13, 14, 15, 8, 9, 10, 11, 12, 13, 14, 15];
const LOW_HALVES = [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23];

/** values(v0, v1, out, n, alpha): out = (1 − alpha)·v0 + alpha·v1; four at a time, then one by one. */
function valuesKernel(): WasmFunction {
  const [v0, v1, out, n, alpha, beta, a2, b2, va, vb] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const half = (v: number, w: number, high: boolean) =>
    code(
      op.get(b2),
      op.get(v),
      high ? code(op.get(v), op.shuffle(HIGH_HALF)) : [],
      op.f64x2PromoteLowF32x4,
      op.f64x2Mul,
      op.get(a2),
      op.get(w),
      high ? code(op.get(w), op.shuffle(HIGH_HALF)) : [],
      op.f64x2PromoteLowF32x4,
      op.f64x2Mul,
      op.f64x2Add,
      op.f32x4DemoteF64x2Zero,
    );
  const body = code(
    op.f64(1),
    op.get(alpha),
    op.f64Sub,
    op.set(beta),
    op.get(alpha),
    op.f64x2Splat,
    op.set(a2),
    op.get(beta),
    op.f64x2Splat,
    op.set(b2),
    // Four values a turn while four are left.
    op.block,
    op.loop,
    op.get(n),
    op.i32(4),
    op.i32LtU,
    op.brIf(1),
    op.get(v0),
    op.v128Load(),
    op.set(va),
    op.get(v1),
    op.v128Load(),
    op.set(vb),
    op.get(out),
    half(va, vb, false),
    half(va, vb, true),
    op.shuffle(LOW_HALVES),
    op.v128Store(),
    inc(v0, 16),
    inc(v1, 16),
    inc(out, 16),
    inc(n, -4),
    op.br(0),
    op.end,
    op.end,
    countDown(
      n,
      code(
        op.get(out),
        op.get(beta),
        op.get(v0),
        op.f32Load(),
        op.f64PromoteF32,
        op.f64Mul,
        op.get(alpha),
        op.get(v1),
        op.f32Load(),
        op.f64PromoteF32,
        op.f64Mul,
        op.f64Add,
        op.f32DemoteF64,
        op.f32Store(),
        inc(v0, 4),
        inc(v1, 4),
        inc(out, 4),
      ),
    ),
  );
  return {
    name: "values",
    params: [I32, I32, I32, I32, F64],
    locals: [F64, V128, V128, V128, V128],
    body,
  };
}

/**
 * colours(values, table, out, n, scale, offset, last): `mapScalarRange`'s
 * entry for each value, RGB out. Every node but the last stores its entry's
 * four floats (one 16-byte store is about twice as fast as a 12-byte pair).
 */
function coloursKernel(): WasmFunction {
  const [values, table, out, n, scale, offset, last, x, entry] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const node = (whole: boolean) =>
    code(
      op.get(values),
      op.f32Load(),
      op.f64PromoteF32,
      op.get(scale),
      op.f64Mul,
      op.get(offset),
      op.f64Add,
      op.set(x),
      // x ≥ 1 ? (x < last ? x : last) : 0 — NaN lands on 0.
      op.get(x),
      op.get(last),
      op.get(x),
      op.get(last),
      op.f64Lt,
      op.select,
      op.f64(0),
      op.get(x),
      op.f64(1),
      op.f64Ge,
      op.select,
      op.i32TruncSatF64S,
      op.i32(4),
      op.i32Shl,
      op.get(table),
      op.i32Add,
      op.v128Load(),
      op.set(entry),
      whole
        ? // All 16 bytes of the entry: the fourth lands on the next node's red, written next.
          code(op.get(out), op.get(entry), op.v128Store())
        : code(
            op.get(out),
            op.get(entry),
            op.v128Store64Lane(0),
            op.get(out),
            op.get(entry),
            op.v128Store32Lane(2, 8),
          ),
      inc(values, 4),
      inc(out, 12),
    );
  return {
    name: "colours",
    params: [I32, I32, I32, I32, F64, F64, F64],
    locals: [F64, V128],
    body: code(
      op.block,
      op.loop,
      op.get(n),
      op.i32(2),
      op.i32LtU,
      op.brIf(1),
      node(true),
      inc(n, -1),
      op.br(0),
      op.end,
      op.end,
      // The last node writes its 12 bytes only.
      countDown(n, node(false)),
    ),
  };
}

/** The module's functions (addresses are byte offsets in the memory). */
export interface Exports {
  values(v0: number, v1: number, out: number, n: number, alpha: number): void;
  positions(...args: number[]): void;
  positionsExaggerated(...args: number[]): void;
  colours(
    values: number,
    table: number,
    out: number,
    n: number,
    scale: number,
    offset: number,
    last: number,
  ): void;
}

let compiled: WebAssembly.Module | null | undefined;

/** The kernels' module, compiled once; null when this engine cannot (no SIMD or shared memory). */
export function kernelsModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  try {
    const bytes = wasmModule(
      [valuesKernel(), positionsKernel(false), positionsKernel(true), coloursKernel()],
      { module: "env", name: "memory", minPages: 1, maxPages: MAX_PAGES, shared: true },
    );
    compiled = new WebAssembly.Module(bytes);
  } catch {
    compiled = null;
  }
  return compiled;
}
