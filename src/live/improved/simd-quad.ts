/**
 * Four pixels of a span at a time, for the span kernel of simd.ts: the
 * positions of four consecutive pixels in K and L are i32x4 vectors, so
 * their fractions, bilinear weights and texel addresses are computed once
 * per four pixels instead of once per pixel; the weights are narrowed to
 * 16-bit lanes and spread to each pixel by one shuffle; the texel addresses
 * reach scalars through the output pixels' own bytes; four pixels are
 * narrowed to bytes and stored as one vector. The integer arithmetic is that
 * of the one-pixel loop (`runSpans` in warp.ts): the same bytes.
 */

import { sleb, uleb } from "../../core/wasm.js";

/** The kernel's locals the four-pixel loop reads and advances (indices into the function's locals). */
export interface QuadLocals {
  readonly KP: number;
  readonly KS: number;
  readonly LP: number;
  readonly LS: number;
  readonly A: number;
  readonly B: number;
  readonly Q: number;
  readonly STOP: number;
  readonly XK: number;
  readonly YK: number;
  readonly DXK: number;
  readonly DYK: number;
  readonly XL: number;
  readonly YL: number;
  readonly DXL: number;
  readonly DYL: number;
  readonly ADDR: number;
  /** A listed run's sources (emitListed). */
  readonly LIST: number;
  /** The first of QUAD_I32 i32 locals: the four pixels' texel addresses in K, then in L. */
  readonly AT: number;
  /** The first of QUAD_V128 v128 locals this loop owns. */
  readonly V: number;
}

/** v128 locals the four-pixel loop needs. */
export const QUAD_V128 = 26;
/** i32 locals the four-pixel loop needs (after its v128 ones). */
export const QUAD_I32 = 8;

/** i32x4 and friends (SIMD opcodes). */
const SPLAT32 = 0x11;
const EXTRACT32 = 0x1b;
const AND = 0x4e;
const SHL32 = 0xab;
const SHR32 = 0xac;
const ADD32 = 0xae;
const SUB32 = 0xb1;
const MUL32 = 0xb5;
const NARROW32 = 0x85;
const ADD16 = 0x8e;
const MUL16 = 0x95;
const SHR16 = 0x8d;
const SPLAT16 = 0x10;
const NARROW16 = 0x66;
const SHUFFLE = 0x0d;

/** An instruction writer over `c`. */
export function writer(c: number[]) {
  return {
    get: (i: number) => c.push(0x20, ...uleb(i)),
    set: (i: number) => c.push(0x21, ...uleb(i)),
    i32: (v: number) => c.push(0x41, ...sleb(v)),
    op: (...b: number[]) => c.push(...b),
    simd: (code: number, ...imm: number[]) => c.push(0xfd, ...uleb(code), ...imm),
    /** v128.const of four i32. */
    const4: (a: number, b: number, d: number, e: number) => {
      const bytes = new Uint8Array(new Int32Array([a, b, d, e]).buffer);
      c.push(0xfd, 0x0c, ...bytes);
    },
  };
}
export type Writer = ReturnType<typeof writer>;

/** Byte indices spreading 16-bit lane j of the low half and lane j of the high half four times each. */
function spread(j: number): number[] {
  const low = [2 * j, 2 * j + 1];
  const high = [8 + 2 * j, 9 + 2 * j];
  return [...low, ...low, ...low, ...low, ...high, ...high, ...high, ...high];
}

/**
 * One side's weights and addresses for four pixels: vector positions X, Y,
 * picture P with stride S, mass M; leaves W0 = [w00 ×4 px, w01 ×4 px], W1 =
 * [w10, w11] (16-bit lanes) and the texel addresses AD.
 */
function sideVectors(
  w: Writer,
  L: QuadLocals,
  X: number,
  Y: number,
  P: number,
  S: number,
  M: number,
  out: number,
) {
  const [FY, SS, W11, W10, W0, W1, AD] = [0, 1, 2, 3, 4, 5, 6].map((i) => out + i) as number[];
  const fraction = (v: number) => {
    w.get(v);
    w.i32(9);
    w.simd(SHR32);
    w.const4(127, 127, 127, 127);
    w.simd(AND);
  };
  const round7 = () => {
    w.simd(MUL32);
    w.const4(64, 64, 64, 64);
    w.simd(ADD32);
    w.i32(7);
    w.simd(SHR32);
  };
  const mass = () => {
    w.get(M);
    w.simd(SPLAT32);
  };
  fraction(Y);
  w.set(FY!);
  fraction(X);
  mass();
  round7();
  w.set(SS!);
  w.get(SS!);
  w.get(FY!);
  round7();
  w.set(W11!);
  mass();
  w.get(SS!);
  w.simd(SUB32);
  w.get(FY!);
  round7();
  w.set(W10!);
  // W0 = narrow(mass − S − W10, S − W11), W1 = narrow(W10, W11).
  mass();
  w.get(SS!);
  w.simd(SUB32);
  w.get(W10!);
  w.simd(SUB32);
  w.get(SS!);
  w.get(W11!);
  w.simd(SUB32);
  w.simd(NARROW32);
  w.set(W0!);
  w.get(W10!);
  w.get(W11!);
  w.simd(NARROW32);
  w.set(W1!);
  // AD = P + (Y >> 16)·stride + ((X >> 16) << 2)
  w.get(P);
  w.simd(SPLAT32);
  w.get(Y);
  w.i32(16);
  w.simd(SHR32);
  w.get(S);
  w.simd(SPLAT32);
  w.simd(MUL32);
  w.simd(ADD32);
  w.get(X);
  w.i32(16);
  w.simd(SHR32);
  w.i32(2);
  w.simd(SHL32);
  w.simd(ADD32);
  w.set(AD!);
  void L;
}

/** Pushes pixel j's weighted texels of one side (its vectors at `at`, its addresses from local `ad`, stride local S). */
function sidePixel(w: Writer, L: QuadLocals, at: number, ad: number, S: number, j: number) {
  w.get(ad + j);
  w.set(L.ADDR);
  // Each picture row's two texels loaded straight into 16-bit lanes (v128.load8x8_u).
  w.get(L.ADDR);
  w.simd(0x02, 3, 0);
  w.get(at + 4);
  w.get(at + 4);
  w.simd(SHUFFLE, ...spread(j));
  w.simd(MUL16);
  w.get(L.ADDR);
  w.get(S);
  w.op(0x6a);
  w.simd(0x02, 3, 0);
  w.get(at + 5);
  w.get(at + 5);
  w.simd(SHUFFLE, ...spread(j));
  w.simd(MUL16);
  w.simd(ADD16);
}

/** Pushes whether fewer than four pixels are left, or a mass is outside [0, 128] (the one-pixel loop's cases). */
function stop(w: Writer, L: QuadLocals) {
  w.get(L.Q);
  w.i32(16);
  w.op(0x6a);
  w.get(L.STOP);
  w.op(0x4b); // i32.gt_u
  for (const m of [L.A, L.B]) {
    w.get(m);
    w.i32(128);
    w.op(0x4b, 0x72); // i32.gt_u, i32.or
  }
}

/** Pushes two pixels' sums (16-bit lanes, pixel j then j + 1), rounded and shifted to bytes' range. */
function pair(w: Writer, L: QuadLocals, j: number) {
  const { V } = L;
  const [ACC0, ACC1] = [V + 23, V + 25];
  for (const [at, acc] of [
    [j, ACC0],
    [j + 1, ACC1],
  ] as const) {
    sidePixel(w, L, V + 8, L.AT, L.KS, at);
    sidePixel(w, L, V + 15, L.AT + 4, L.LS, at);
    w.simd(ADD16);
    w.set(acc);
  }
  const lo = [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23];
  w.get(ACC0);
  w.get(ACC1);
  w.simd(SHUFFLE, ...lo);
  w.get(ACC0);
  w.get(ACC1);
  w.simd(SHUFFLE, ...lo.map((b) => b + 8));
  w.simd(ADD16);
  w.i32(64);
  w.simd(SPLAT16);
  w.simd(ADD16);
  w.i32(7);
  w.simd(SHR16);
}

/** Four pixels from their sources in V … V + 3 (XK, YK, XL, YL): blended and stored at Q. */
export function quadBody(w: Writer, L: QuadLocals) {
  const { V } = L;
  sideVectors(w, L, V, V + 1, L.KP, L.KS, L.A, V + 8);
  sideVectors(w, L, V + 2, V + 3, L.LP, L.LS, L.B, V + 15);
  // The texel addresses into scalars through the four output pixels' own 16 bytes
  // (a store and four loads instead of four lane extractions; the pixels are stored below).
  for (const [vector, first] of [
    [V + 14, L.AT],
    [V + 21, L.AT + 4],
  ] as const) {
    w.get(L.Q);
    w.get(vector);
    w.simd(0x0b, 0, 0); // v128.store
    for (let j = 0; j < 4; j++) {
      w.get(L.Q);
      w.op(0x28, 2, 4 * j); // i32.load
      w.set(first + j);
    }
  }
  pair(w, L, 0);
  w.set(V + 24);
  w.get(L.Q);
  w.get(V + 24);
  pair(w, L, 2);
  w.simd(NARROW16);
  w.simd(0x0b, 0, 0); // v128.store
}

/**
 * Appends to `c` the loop of a listed run (warp.ts, decision 393): from Q to
 * STOP, four pixels at a time, their sources read from LIST as four vectors
 * (XK ×4, YK ×4, XL ×4, YL ×4). The masses must be in [0, 128] (buildSpans
 * lists runs only then).
 */
export function emitListed(c: number[], L: QuadLocals): void {
  const w = writer(c);
  const { V } = L;
  w.op(0x02, 0x40, 0x03, 0x40); // block $done, loop $quads
  w.get(L.Q);
  w.get(L.STOP);
  w.op(0x4f, 0x0d, 1); // i32.ge_u; br_if $done
  for (let i = 0; i < 4; i++) {
    w.get(L.LIST);
    w.simd(0x00, 2, ...uleb(16 * i)); // v128.load
    w.set(V + i);
  }
  quadBody(w, L);
  nextListed(w, L, 64);
}

/** Ends a listed run's loop: LIST on by `bytes`, Q by four pixels, then `br $quads, end, end`. */
export function nextListed(w: Writer, L: QuadLocals, bytes: number): void {
  w.get(L.LIST);
  w.i32(bytes);
  w.op(0x6a);
  w.set(L.LIST);
  w.get(L.Q);
  w.i32(16);
  w.op(0x6a);
  w.set(L.Q);
  w.op(0x0c, 0, 0x0b, 0x0b); // br $quads, end, end
}

/**
 * Appends to `c` the four-pixel loop of one span: it runs while four or more
 * pixels are left, then leaves XK … YL and Q where the one-pixel loop goes on.
 */
export function emitQuads(c: number[], L: QuadLocals): void {
  const w = writer(c);
  const { V } = L;
  const moving = [
    [L.XK, L.DXK],
    [L.YK, L.DYK],
    [L.XL, L.DXL],
    [L.YL, L.DYL],
  ] as const;
  w.op(0x02, 0x40); // block $none
  stop(w, L);
  w.op(0x0d, 0); // br_if $none
  moving.forEach(([x, dx], i) => {
    // [x, x + dx, x + 2·dx, x + 3·dx] and the step 4·dx (wrapping, as the one-pixel loop's sums).
    w.get(x);
    w.simd(SPLAT32);
    w.get(dx);
    w.simd(SPLAT32);
    w.const4(0, 1, 2, 3);
    w.simd(MUL32);
    w.simd(ADD32);
    w.set(V + i);
    w.get(dx);
    w.i32(2);
    w.op(0x74); // i32.shl
    w.simd(SPLAT32);
    w.set(V + 4 + i);
  });
  w.op(0x02, 0x40, 0x03, 0x40); // block $done, loop $quads
  stop(w, L);
  w.op(0x0d, 1); // br_if $done
  quadBody(w, L);
  for (let i = 0; i < 4; i++) {
    w.get(V + i);
    w.get(V + 4 + i);
    w.simd(ADD32);
    w.set(V + i);
  }
  w.get(L.Q);
  w.i32(16);
  w.op(0x6a);
  w.set(L.Q);
  w.op(0x0c, 0, 0x0b, 0x0b); // br $quads, end, end
  moving.forEach(([x], i) => {
    w.get(V + i);
    w.simd(EXTRACT32, 0);
    w.set(x);
  });
  w.op(0x0b); // end $none
}
