/**
 * A special row's listed run whose sources the SIMD kernel makes itself
 * from the per-pixel motion (decision 416). buildSpans (warp.ts) listed a
 * special cell's row as its pixels' clamped sources, four int32 per pixel,
 * computed in JavaScript; where the grid's per-pixel motion (`pmap`) lies in
 * the kernel's memory (renderer.ts), it now writes only the run's span: the
 * kernel reads the motion (two float32 per pixel) and makes each source as
 * `clamped` in warp.ts does — the float32 widened to a double, x − t·v or
 * x + (1 − t)·v, clamped to [0, max] by max and min, times 65536 plus FIX,
 * truncated — two pixels at a time in f64x2 lanes, the same double
 * operations in the same order, so the same sources and bytes.
 *
 * The run's span: out, count −n (n a multiple of 4), room 0, the motion's
 * address in memory (bytes, not 0), x0, y, t (a double in the two words
 * after), K's largest x | its largest y << 16, L's likewise.
 */
import { uleb } from "../../core/wasm.js";
import { FIX } from "./listed.js";
import { nextListed, type QuadLocals, quadBody, writer } from "./simd-quad.js";

/** v128 locals the motion-listed run needs (after the four-pixel loop's). */
export const MOTION_V128 = 19;

const F64X2_ADD = 0xf0;
const F64X2_SUB = 0xf1;
const F64X2_MUL = 0xf2;
const F64X2_PMIN = 0xf6;
const F64X2_PMAX = 0xf7;
const F64X2_SPLAT = 0x14;
const PROMOTE_LOW = 0x5f;
const TRUNC_SAT_ZERO = 0xfc; // i32x4.trunc_sat_f64x2_s_zero
const SHUFFLE = 0x0d;

/** A v128.const of two doubles. */
function double2(c: number[], a: number, b: number): void {
  const bytes = new Uint8Array(new Float64Array([a, b]).buffer);
  c.push(0xfd, 0x0c, ...bytes);
}

/** The motion-listed run's v128 locals from M on (see emitMotionListed). */
function names(M: number) {
  const at = (i: number) => M + i;
  return {
    T: at(0),
    S: at(1),
    KX: at(2),
    KY: at(3),
    LX: at(4),
    LY: at(5),
    X01: at(6),
    X23: at(7),
    Y: at(8),
    A: at(9),
    B: at(10),
    VX01: at(11),
    VY01: at(12),
    VX23: at(13),
    VY23: at(14),
    ZERO: at(15),
    SCALE: at(16),
    FIXED: at(17),
    FOUR: at(18),
  };
}

/** Appends the run's start: LIST, t and 1 − t, the pictures' largest x and y, the first x and y, constants. */
function motionStart(c: number[], L: QuadLocals, SP: number, M: number): void {
  const w = writer(c);
  const { T, S, KX, KY, LX, LY, X01, X23, Y, ZERO, SCALE, FIXED, FOUR } = names(M);
  const loadI = (offset: number) => {
    w.get(SP);
    w.op(0x28, 2, ...uleb(offset));
  };
  const splatF = () => w.simd(F64X2_SPLAT);
  const toF64 = () => w.op(0xb7); // f64.convert_i32_s
  // LIST = the motion of the run's first pixel: address + 8·out.
  loadI(12);
  loadI(0);
  w.i32(3);
  w.op(0x74, 0x6a); // i32.shl, i32.add
  w.set(L.LIST);
  // T = [t, t], S = [1 − t, 1 − t]; the largest x and y of K and L as doubles.
  w.get(SP);
  w.op(0x2b, 3, 24); // f64.load
  splatF();
  w.set(T!);
  c.push(0x44, ...new Uint8Array(new Float64Array([1]).buffer)); // f64.const 1
  w.get(SP);
  w.op(0x2b, 3, 24);
  w.op(0xa1); // f64.sub
  splatF();
  w.set(S!);
  for (const [dst, offset, high] of [
    [KX, 32, false],
    [KY, 32, true],
    [LX, 36, false],
    [LY, 36, true],
  ] as const) {
    loadI(offset);
    w.i32(high ? 16 : 0);
    w.op(0x76); // i32.shr_u
    w.i32(0xffff);
    w.op(0x71); // i32.and
    toF64();
    splatF();
    w.set(dst!);
  }
  // X01 = [x0, x0 + 1], X23 = X01 + 2, Y = [y, y].
  loadI(16);
  toF64();
  splatF();
  double2(c, 0, 1);
  w.simd(F64X2_ADD);
  w.set(X01!);
  w.get(X01!);
  double2(c, 2, 2);
  w.simd(F64X2_ADD);
  w.set(X23!);
  loadI(20);
  toF64();
  splatF();
  w.set(Y!);
  for (const [dst, v] of [
    [ZERO, 0],
    [SCALE, 65536],
    [FIXED, FIX],
    [FOUR, 4],
  ] as const) {
    double2(c, v, v);
    w.set(dst!);
  }
}

/**
 * Appends to `c` the loop of a motion-listed run at SP (see the module
 * comment): Q and STOP set by the caller, LIST free for the motion's
 * address; M is the first of MOTION_V128 v128 locals.
 */
export function emitMotionListed(c: number[], L: QuadLocals, SP: number, M: number): void {
  const w = writer(c);
  const { V } = L;
  const { T, S, KX, KY, LX, LY, X01, X23, Y, A, B, VX01, VY01, VX23, VY23 } = names(M);
  const { ZERO, SCALE, FIXED, FOUR } = names(M);
  motionStart(c, L, SP, M);
  w.op(0x02, 0x40, 0x03, 0x40); // block $done, loop $quads
  w.get(L.Q);
  w.get(L.STOP);
  w.op(0x4f, 0x0d, 1); // i32.ge_u; br_if $done
  // The four pixels' motions: [vx0, vy0, vx1, vy1], [vx2, vy2, vx3, vy3] → doubles by pairs.
  w.get(L.LIST);
  w.simd(0x00, 2, 0); // v128.load
  w.set(A!);
  w.get(L.LIST);
  w.simd(0x00, 2, 16);
  w.set(B!);
  const evenOdd = [
    [0, 1, 2, 3, 8, 9, 10, 11],
    [4, 5, 6, 7, 12, 13, 14, 15],
  ];
  for (const [dst, from, lanes] of [
    [VX01, A, evenOdd[0]],
    [VY01, A, evenOdd[1]],
    [VX23, B, evenOdd[0]],
    [VY23, B, evenOdd[1]],
  ] as const) {
    w.get(from!);
    w.get(from!);
    w.simd(SHUFFLE, ...lanes!, ...lanes!);
    w.simd(PROMOTE_LOW);
    w.set(dst!);
  }
  /**
   * Pushes trunc(min(max(base ∓ m·v, 0), max)·65536 + FIX) for two pixels (i32x4, two lanes).
   * pmax(x, 0) is x < 0 ? 0 : x, Math.max(x, 0) but for x = −0, which stays −0 here: times
   * 65536 plus FIX it gives FIX all the same; a NaN stays NaN in both (then 0).
   */
  const source = (base: number, m: number, v: number, add: boolean, max: number) => {
    w.get(base);
    w.get(m);
    w.get(v);
    w.simd(F64X2_MUL);
    w.simd(add ? F64X2_ADD : F64X2_SUB);
    w.get(ZERO!);
    w.simd(F64X2_PMAX);
    w.get(max);
    w.simd(F64X2_PMIN);
    w.get(SCALE!);
    w.simd(F64X2_MUL);
    w.get(FIXED!);
    w.simd(F64X2_ADD);
    w.simd(TRUNC_SAT_ZERO);
  };
  // V … V + 3 = XK, YK, XL, YL of the four pixels (pixels 0, 1 from the first pair, 2, 3 the second).
  const joined = [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23];
  for (const [dst, add, m] of [
    [V, false, T],
    [V + 2, true, S],
  ] as const) {
    source(X01!, m!, VX01!, add, add ? LX! : KX!);
    source(X23!, m!, VX23!, add, add ? LX! : KX!);
    w.simd(SHUFFLE, ...joined);
    w.set(dst);
    source(Y!, m!, VY01!, add, add ? LY! : KY!);
    source(Y!, m!, VY23!, add, add ? LY! : KY!);
    w.simd(SHUFFLE, ...joined);
    w.set(dst + 1);
  }
  quadBody(w, L);
  for (const x of [X01, X23]) {
    w.get(x!);
    w.get(FOUR!);
    w.simd(F64X2_ADD);
    w.set(x!);
  }
  nextListed(w, L, 32);
}
