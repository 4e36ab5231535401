/** A fast finiteness check over float32 arrays (a parser's validation pass over every value). */
import { code, I32, op, uleb, V128, wasmModule } from "./wasm.js";

/**
 * Index of the first NaN or infinity in `a`, or -1 (pass a `subarray` for a range).
 *
 * The common case, every value finite, is one pass that finds no value whose
 * exponent bits are all ones, with no branch per value: in WebAssembly with
 * SIMD where the engine has it ({@link simdNonFinite}), else the float64 sum
 * of {@link sum}. Only when that pass finds one is `a` scanned again to find
 * where.
 */
export function firstNonFinite(a: Float32Array): number {
  const found = a.length >= SIMD_MIN_LENGTH ? simdNonFinite(a) : undefined;
  if (found === false) return -1;
  if (found === undefined) {
    const s = sum(a);
    if (s - s === 0) return -1;
  }
  for (let k = 0; k < a.length; k++) {
    const v = a[k]!;
    if (v - v !== 0) return k;
  }
  return -1;
}

/**
 * The float64 sum of `a`, in four sums of pairs: NaN or infinite exactly when
 * a value of `a` is (|float32| < 2¹²⁸, so fewer than 2⁸⁹⁵ finite summands
 * cannot overflow). Its shape is measured: the loop bound `i + 7 < len` over
 * `a.length` lets V8 drop the bounds checks (other shapes ran 2–5× slower),
 * and the odd elements come first so that code compiled while the main loop
 * runs (on-stack replacement) has type feedback for all that follows.
 */
function sum(a: Float32Array): number {
  const len = a.length;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i < len % 8; i++) s0 += a[i]!;
  for (; i + 7 < len; i += 8) {
    s0 += a[i]! + a[i + 4]!;
    s1 += a[i + 1]! + a[i + 5]!;
    s2 += a[i + 2]! + a[i + 6]!;
    s3 += a[i + 3]! + a[i + 7]!;
  }
  return s0 + s1 + s2 + s3;
}

/**
 * Arrays shorter than this are summed in JavaScript: a call into WebAssembly
 * and a copy cost more than the sum of a few thousand values.
 */
export const SIMD_MIN_LENGTH = 4096;

/** Float32 values the kernel's memory holds: the array is copied in and checked in pieces of this many (256 KiB, measured: see decision 390). */
const PIECE = 65536;

/**
 * The kernel `nonFinite(end)`: 1 when a float32 of bytes [0, end) of its
 * memory (`end` a multiple of 64) has all exponent bits set (NaN or
 * infinity), else 0. Each 16 bytes are masked to their exponent bits (`v128.and`
 * with 0x7f800000 in every lane) and folded into two accumulators by
 * unsigned maximum; a lane of the final maximum equals the mask exactly when
 * some value was not finite.
 */
function kernelBytes(): Uint8Array<ArrayBuffer> {
  const simd = (opcode: number) => [0xfd, ...uleb(opcode)];
  const AND = simd(0x4e);
  const MAX_U = simd(0xb9);
  const [END, P, MASK, A, B] = [0, 1, 2, 3, 4];
  const fold = (acc: number, offset: number) =>
    code(op.get(acc), op.get(P), op.v128Load(offset), op.get(MASK), AND, MAX_U, op.set(acc));
  const body = code(
    op.i32(0x7f800000),
    simd(0x11), // i32x4.splat
    op.set(MASK),
    op.block,
    op.loop,
    op.get(P),
    op.get(END),
    [0x4f], // i32.ge_u
    op.brIf(1),
    fold(A, 0),
    fold(B, 16),
    fold(A, 32),
    fold(B, 48),
    op.get(P),
    op.i32(64),
    op.i32Add,
    op.set(P),
    op.br(0),
    op.end,
    op.end,
    op.get(A),
    op.get(B),
    MAX_U,
    op.get(MASK),
    simd(0x37), // i32x4.eq
    simd(0x53), // v128.any_true
  );
  return wasmModule(
    [{ name: "nonFinite", params: [I32], locals: [I32, V128, V128, V128], body, results: [I32] }],
    { module: "e", name: "m", minPages: (4 * PIECE) / 65536 },
  );
}

interface Kernel {
  readonly run: (end: number) => number;
  /** The kernel's memory as float32 values (PIECE of them). */
  readonly values: Float32Array;
}

let kernel: Kernel | null | undefined;

/** The kernel and its memory, made on first use; null where WebAssembly SIMD is missing. */
function simdKernel(): Kernel | null {
  if (kernel !== undefined) return kernel;
  kernel = null;
  try {
    const bytes = kernelBytes();
    if (typeof WebAssembly === "undefined" || !WebAssembly.validate(bytes)) return null;
    const memory = new WebAssembly.Memory({ initial: (4 * PIECE) / 65536 });
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), { e: { m: memory } });
    kernel = {
      run: instance.exports.nonFinite as (end: number) => number,
      values: new Float32Array(memory.buffer, 0, PIECE),
    };
  } catch {
    kernel = null;
  }
  return kernel;
}

/** Whether this engine runs the WebAssembly SIMD check (else large arrays are summed in JavaScript). */
export function hasSimdFiniteCheck(): boolean {
  return simdKernel() !== null;
}

/**
 * Whether `a` holds a NaN or an infinity, checked by the kernel over copies
 * of its pieces (the copy of a piece and its check stay in the cache);
 * undefined where the kernel cannot run. The last values that do not fill 16
 * are checked here.
 */
function simdNonFinite(a: Float32Array): boolean | undefined {
  const k = simdKernel();
  if (!k) return undefined;
  const { run, values } = k;
  const len = a.length;
  const whole = len - (len % 16);
  for (let at = 0; at < whole; at += PIECE) {
    const n = Math.min(PIECE, whole - at);
    values.set(a.subarray(at, at + n));
    if (run(4 * n) !== 0) return true;
  }
  for (let i = whole; i < len; i++) {
    const v = a[i]!;
    if (v - v !== 0) return true;
  }
  return false;
}

// Type feedback for every path before the first large array arrives (see `sum`).
firstNonFinite(Float32Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9, Number.NaN));
