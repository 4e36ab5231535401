/**
 * The span kernel of warp.ts (`runSpans`) in WebAssembly with 128-bit SIMD,
 * assembled here from its instructions (no toolchain, no binary blob): per
 * pixel, each row's two texels of K are loaded into 16-bit lanes,
 * multiplied by their weights (mass 128 − tw) and added to L's (mass
 * tw); the halves are summed, rounded, shifted and narrowed back to bytes.
 * Spans of four pixels or more run four pixels at a time first (simd-quad.ts).
 * The integer arithmetic is that of `runSpans`, so both give the same
 * bytes. `simdKernel()` is null where WebAssembly SIMD is not available.
 */

import { I32, sleb, uleb, V128, wasmModule } from "../../core/wasm.js";
import { emitMotionListed, MOTION_V128 } from "./simd-motion.js";
import { emitListed, emitQuads, QUAD_I32, QUAD_V128 } from "./simd-quad.js";

/** The kernel's function body (see the module comment; locals listed below). */
function kernelBody(): number[] {
  // Parameters: 0 spans, 1 count, 2 K, 3 K stride (bytes), 4 L, 5 L stride, 6 out, 7 a, 8 b.
  const [SP, N, KP, KS, LP, LS, OUT, A, B] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  // i32 locals 9–25, v128 locals 26–27 (27 unused since the rows load into lanes).
  const [END, Q, STOP, XK, YK, DXK, DYK, XL, YL, DXL, DYL] = [
    9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
  ];
  const [LIST, FY, S, W11, W10, ADDR] = [20, 21, 22, 23, 24, 25];
  const ACC = 26;
  const c: number[] = [];
  const get = (i: number) => c.push(0x20, ...uleb(i));
  const set = (i: number) => c.push(0x21, ...uleb(i));
  const i32 = (v: number) => c.push(0x41, ...sleb(v));
  const op = (...b: number[]) => c.push(...b);
  const simd = (code: number, ...imm: number[]) => c.push(0xfd, ...uleb(code), ...imm);
  const ADD = 0x6a;
  const SUB = 0x6b;
  const MUL = 0x6c;
  const AND = 0x71;
  const SHL = 0x74;
  const SHR_S = 0x75;
  const load = (base: number, offset: number) => {
    get(base);
    op(0x28, 2, ...uleb(offset));
  };
  /** local[dst] = (local[src] >> shift) & mask */
  const bits = (src: number, shift: number, mask: number) => {
    get(src);
    i32(shift);
    op(SHR_S);
    i32(mask);
    op(AND);
  };
  /** Pushes (x·y + 64) >> 7 with x, y already pushed. */
  const round7 = () => {
    op(MUL);
    i32(64);
    op(ADD);
    i32(7);
    op(SHR_S);
  };
  /** Pushes the i16x8 vector [w ×4, v ×4] for i32 weights on the stack as (w, v). */
  const weights = (w: () => void, v: () => void) => {
    const spread = () => {
      op(0xad); // i64.extend_i32_u
      op(0x42, ...sleb(0x0001000100010001n));
      op(0x7e); // i64.mul
    };
    w();
    spread();
    simd(0x12); // i64x2.splat
    v();
    spread();
    simd(0x1e, 1); // i64x2.replace_lane 1
  };
  /** One picture's weighted texels (address local ADDR, stride local, mass local, fractions in XF/YF locals). */
  const side = (X: number, Y: number, P: number, STRIDE: number, MASS: number, first: boolean) => {
    // ADDR = P + (Y >> 16)·stride + ((X >> 16) << 2)
    get(P);
    get(Y);
    i32(16);
    op(SHR_S);
    get(STRIDE);
    op(MUL, ADD);
    get(X);
    i32(16);
    op(SHR_S);
    i32(2);
    op(SHL, ADD);
    set(ADDR);
    // Weights: S = (fx·mass + 64) >> 7, W11 = (S·fy + 64) >> 7, W10 = ((mass − S)·fy + 64) >> 7.
    bits(Y, 9, 127);
    set(FY);
    bits(X, 9, 127);
    get(MASS);
    round7();
    set(S);
    get(S);
    get(FY);
    round7();
    set(W11);
    get(MASS);
    get(S);
    op(SUB);
    get(FY);
    round7();
    set(W10);
    // The texels: row y0's two pixels, then row y0 + 1's, each loaded into 16-bit lanes
    // (v128.load8x8_u), times [w00 ×4, w01 ×4] and [w10 ×4, w11 ×4].
    get(ADDR);
    simd(0x02, 3, 0); // v128.load8x8_u
    weights(
      () => {
        get(MASS);
        get(S);
        op(SUB);
        get(W10);
        op(SUB);
      },
      () => {
        get(S);
        get(W11);
        op(SUB);
      },
    );
    simd(0x95); // i16x8.mul
    get(ADDR);
    get(STRIDE);
    op(ADD);
    simd(0x02, 3, 0); // v128.load8x8_u
    weights(
      () => get(W10),
      () => get(W11),
    );
    simd(0x95);
    simd(0x8e); // i16x8.add
    if (!first) {
      get(ACC);
      simd(0x8e);
    }
    set(ACC);
  };

  // END = SP + N·40
  get(SP);
  get(N);
  i32(40);
  op(MUL, ADD);
  set(END);
  op(0x02, 0x40); // block $done
  op(0x03, 0x40); // loop $spans
  get(SP);
  get(END);
  op(0x4f, 0x0d, 1); // i32.ge_u; br_if $done
  const AT = 28 + QUAD_V128;
  const locals = {
    KP,
    KS,
    LP,
    LS,
    A,
    B,
    Q,
    STOP,
    XK,
    YK,
    DXK,
    DYK,
    XL,
    YL,
    DXL,
    DYL,
    ADDR,
    LIST,
    AT,
  };
  // A listed run (count −n): its sources four pixels at a time, then the span after its room.
  /** Q = OUT + 4·(the span's out), STOP = Q ± 4·(its count): + for a span, − for a listed run. */
  const ends = (sign: number) => {
    load(SP, 0);
    i32(2);
    op(SHL);
    get(OUT);
    op(ADD);
    set(Q);
    get(Q);
    load(SP, 4);
    i32(2);
    op(SHL, sign > 0 ? ADD : SUB);
    set(STOP);
  };
  load(SP, 4);
  i32(0);
  op(0x48); // i32.lt_s
  op(0x04, 0x40); // if
  ends(-1);
  // Its sources made here from the motion in memory (simd-motion.ts), or listed after it.
  load(SP, 12);
  op(0x04, 0x40); // if
  emitMotionListed(c, { ...locals, V: 28 }, SP, 28 + QUAD_V128 + QUAD_I32);
  op(0x05); // else
  get(SP);
  i32(40);
  op(ADD);
  set(LIST);
  emitListed(c, { ...locals, V: 28 });
  op(0x0b); // end if
  get(SP);
  load(SP, 8);
  i32(1);
  op(ADD);
  i32(40);
  op(MUL, ADD);
  set(SP);
  op(0x0c, 1); // br $spans
  op(0x0b); // end if
  ends(1);
  for (const [local, offset] of [
    [XK, 8],
    [YK, 12],
    [DXK, 16],
    [DYK, 20],
    [XL, 24],
    [YL, 28],
    [DXL, 32],
    [DYL, 36],
  ] as const) {
    load(SP, offset);
    set(local);
  }
  // Four pixels at a time while four are left (simd-quad.ts), then one at a time.
  emitQuads(c, { ...locals, V: 28 });
  op(0x02, 0x40); // block $row
  op(0x03, 0x40); // loop $px
  get(Q);
  get(STOP);
  op(0x4f, 0x0d, 1); // i32.ge_u; br_if $row
  side(XK, YK, KP, KS, A, true);
  side(XL, YL, LP, LS, B, false);
  // Sum the halves, round, shift, narrow, store one pixel.
  get(ACC);
  get(ACC);
  get(ACC);
  simd(0x0d, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7); // i8x16.shuffle
  simd(0x8e);
  i32(64);
  simd(0x10); // i16x8.splat
  simd(0x8e);
  i32(7);
  simd(0x8d); // i16x8.shr_u
  set(ACC);
  get(Q);
  get(ACC);
  get(ACC);
  simd(0x66); // i8x16.narrow_i16x8_u
  simd(0x1b, 0); // i32x4.extract_lane 0
  op(0x36, 2, 0); // i32.store
  for (const [x, dx] of [
    [XK, DXK],
    [YK, DYK],
    [XL, DXL],
    [YL, DYL],
  ] as const) {
    get(x);
    get(dx);
    op(ADD);
    set(x);
  }
  get(Q);
  i32(4);
  op(ADD);
  set(Q);
  op(0x0c, 0); // br $px
  op(0x0b, 0x0b); // end loop, end block
  get(SP);
  i32(40);
  op(ADD);
  set(SP);
  op(0x0c, 0); // br $spans
  op(0x0b, 0x0b); // end loop, end block
  return c;
}

/** The module: imports memory e.m, exports run(spans, count, K, Kstride, L, Lstride, out, a, b). */
export function kernelModule(): Uint8Array<ArrayBuffer> {
  return wasmModule(
    [
      {
        name: "run",
        params: Array(9).fill(I32),
        locals: [
          ...Array(17).fill(I32),
          V128,
          V128,
          ...Array(QUAD_V128).fill(V128),
          ...Array(QUAD_I32).fill(I32),
          ...Array(MOTION_V128).fill(V128),
        ],
        body: kernelBody(),
      },
    ],
    { module: "e", name: "m", minPages: 1 },
  );
}

/** The run function of an instance over `memory`. */
export type SimdRun = (
  spans: number,
  count: number,
  k: number,
  kStride: number,
  l: number,
  lStride: number,
  out: number,
  a: number,
  b: number,
) => void;

let compiled: WebAssembly.Module | null | undefined;

/** Instantiates the kernel over `memory`; null where WebAssembly SIMD is missing. */
export function simdKernel(memory: WebAssembly.Memory): SimdRun | null {
  if (compiled === undefined) {
    compiled = null;
    try {
      const bytes = kernelModule();
      if (typeof WebAssembly !== "undefined" && WebAssembly.validate(bytes)) {
        compiled = new WebAssembly.Module(bytes);
      }
    } catch {
      compiled = null;
    }
  }
  if (!compiled) return null;
  const instance = new WebAssembly.Instance(compiled, { e: { m: memory } });
  return instance.exports.run as SimdRun;
}
