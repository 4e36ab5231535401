/**
 * The frame kernels in WebAssembly with SIMD, over arrays that live in one
 * shared WebAssembly memory (a {@link FrameArena}). Every number is computed
 * in double precision in the order the JavaScript kernels (`kernels.ts`) use
 * and rounded to float32 once, so both give the same bits; WebAssembly never
 * fuses a multiply and an add. A job whose arrays are not all in the arena
 * runs in JavaScript.
 *
 * The memory is shared (a SharedArrayBuffer), so growing it never moves or
 * detaches arrays handed out before. Where shared memory or SIMD is missing
 * (a browser page without cross-origin isolation, an old engine)
 * {@link FrameArena.create} gives undefined and callers use the JavaScript
 * kernels.
 */
import { colourIndex } from "../../core/colormap.js";
import {
  code,
  F64,
  I32,
  op,
  V128,
  type ValueType,
  type WasmFunction,
  wasmModule,
} from "../../core/wasm.js";
import type { MeshAnimation } from "../agr/model.js";
import { type FrameJob, type FrameKernels, runFrameJob } from "./kernels.js";

const PAGE = 65536;
/** The memory's limit in pages (4 GiB, WebAssembly's 32-bit address space). */
const MAX_PAGES = 65536;
const ALIGN = 16;

const inc = (local: number, by: number) =>
  code(op.get(local), op.i32(by), op.i32Add, op.set(local));
/** `block loop (exit when local n is 0) … end end` with `n` decremented each turn. */
const countDown = (n: number, body: number[]) =>
  code(
    op.block,
    op.loop,
    op.get(n),
    op.i32Eqz,
    op.brIf(1),
    body,
    inc(n, -1),
    op.br(0),
    op.end,
    op.end,
  );

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
 * positions(s0, s1, out, n, alpha, m0…m11, p0, e): world positions of
 * `kernels.ts`' `blendPositions`; with `exaggerated`, `p0 + e·(lerp − p0)`.
 */
/** Locals 19–31 of the positions kernels: beta, splats and pairs, one node's x y z. */
const ONE_NODE_LOCALS: ValueType[] = [
  F64,
  V128,
  V128,
  V128,
  V128,
  V128,
  V128,
  V128,
  F64,
  F64,
  F64,
  V128,
  V128,
];

function positionsKernel(exaggerated: boolean): WasmFunction {
  const s0 = 0,
    s1 = 1,
    out = 2,
    n = 3,
    alpha = 4,
    m = (k: number) => 5 + k,
    p0 = 17,
    e = 18;
  const beta = 19,
    av = 20,
    bv = 21,
    c1 = 22,
    c2 = 23,
    c3 = 24,
    shift = 25,
    xy = 26,
    x = 27,
    y = 28,
    z = 29,
    ev = 30,
    q = 31;
  // Two nodes a turn: lanes are nodes. ms(k) holds matrix entry k in both lanes.
  const ms = (k: number) => 32 + k;
  const [va, vb, vc, vd, cx, cy, cz, t2, ox, oy, oz] = [44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54];
  /** Lanes of two nodes' xyz (x0 y0 z0 x1 | y1 z1) that make one component's pair. */
  const PICK = [
    [0, 1, 2, 3, 12, 13, 14, 15],
    [4, 5, 6, 7, 16, 17, 18, 19],
    [8, 9, 10, 11, 20, 21, 22, 23],
  ];
  /** Component `c` of the two nodes loaded in `lo`, `hi`, as an f64x2. */
  const comp = (lo: number, hi: number, c: number) =>
    code(
      op.get(lo),
      op.get(hi),
      op.shuffle([...PICK[c]!, 0, 1, 2, 3, 4, 5, 6, 7]),
      op.f64x2PromoteLowF32x4,
    );
  const load2 = (ptr: number, lo: number, hi: number) =>
    code(op.get(ptr), op.v128Load(), op.set(lo), op.get(ptr), op.v128Load64Zero(16), op.set(hi));
  const comps = [cx, cy, cz];
  const row = (r: number, into: number) =>
    code(
      op.get(ms(4 * r)),
      op.get(cx),
      op.f64x2Mul,
      op.get(ms(4 * r + 1)),
      op.get(cy),
      op.f64x2Mul,
      op.f64x2Add,
      op.get(ms(4 * r + 2)),
      op.get(cz),
      op.f64x2Mul,
      op.f64x2Add,
      op.get(ms(4 * r + 3)),
      op.f64x2Add,
      op.f32x4DemoteF64x2Zero,
      op.set(into),
    );
  const twoNodes = code(
    load2(s0, va, vb),
    load2(s1, vc, vd),
    // c = beta·s0.c + alpha·s1.c for c = x, y, z
    ...[0, 1, 2].map((c) =>
      code(
        op.get(bv),
        comp(va, vb, c),
        op.f64x2Mul,
        op.get(av),
        comp(vc, vd, c),
        op.f64x2Mul,
        op.f64x2Add,
        op.set(comps[c]!),
      ),
    ),
    exaggerated
      ? code(
          // c = q + e·(c − q)
          load2(p0, va, vb),
          ...[0, 1, 2].map((c) =>
            code(
              comp(va, vb, c),
              op.get(ev),
              op.get(comps[c]!),
              comp(va, vb, c),
              op.f64x2Sub,
              op.f64x2Mul,
              op.f64x2Add,
              op.set(comps[c]!),
            ),
          ),
        )
      : [],
    row(0, ox),
    row(1, oy),
    row(2, oz),
    // (ox0 oy0 ox1 oy1), then x0 y0 z0 x1 | y1 z1 out.
    op.get(ox),
    op.get(oy),
    op.shuffle([0, 1, 2, 3, 16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23]),
    op.set(t2),
    op.get(out),
    op.get(t2),
    op.get(oz),
    op.shuffle([0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 8, 9, 10, 11]),
    op.v128Store(),
    op.get(out),
    op.get(t2),
    op.get(oz),
    op.shuffle([12, 13, 14, 15, 20, 21, 22, 23, 0, 1, 2, 3, 4, 5, 6, 7]),
    op.v128Store64Lane(0, 16),
    inc(s0, 24),
    inc(s1, 24),
    inc(out, 24),
    exaggerated ? inc(p0, 24) : [],
    inc(n, -2),
  );
  const pair = (a: number, b: number, local: number) =>
    code(op.get(m(a)), op.f64x2Splat, op.get(m(b)), op.f64x2ReplaceLane(1), op.set(local));
  const lerpZ = code(
    op.get(beta),
    op.get(s0),
    op.f32Load(8),
    op.f64PromoteF32,
    op.f64Mul,
    op.get(alpha),
    op.get(s1),
    op.f32Load(8),
    op.f64PromoteF32,
    op.f64Mul,
    op.f64Add,
  );
  const node = code(
    // xy = beta·s0.xy + alpha·s1.xy
    op.get(bv),
    op.get(s0),
    op.v128Load64Zero(),
    op.f64x2PromoteLowF32x4,
    op.f64x2Mul,
    op.get(av),
    op.get(s1),
    op.v128Load64Zero(),
    op.f64x2PromoteLowF32x4,
    op.f64x2Mul,
    op.f64x2Add,
    op.set(xy),
    exaggerated
      ? code(
          // xy = q + e·(xy − q), z likewise
          op.get(p0),
          op.v128Load64Zero(),
          op.f64x2PromoteLowF32x4,
          op.set(q),
          op.get(q),
          op.get(ev),
          op.get(xy),
          op.get(q),
          op.f64x2Sub,
          op.f64x2Mul,
          op.f64x2Add,
          op.set(xy),
          op.get(p0),
          op.f32Load(8),
          op.f64PromoteF32,
          op.get(e),
          lerpZ,
          op.get(p0),
          op.f32Load(8),
          op.f64PromoteF32,
          op.f64Sub,
          op.f64Mul,
          op.f64Add,
          op.set(z),
        )
      : code(lerpZ, op.set(z)),
    op.get(xy),
    op.f64x2ExtractLane(0),
    op.set(x),
    op.get(xy),
    op.f64x2ExtractLane(1),
    op.set(y),
    // out.xy = ((c1·x + c2·y) + c3·z) + shift
    op.get(out),
    op.get(c1),
    op.get(x),
    op.f64x2Splat,
    op.f64x2Mul,
    op.get(c2),
    op.get(y),
    op.f64x2Splat,
    op.f64x2Mul,
    op.f64x2Add,
    op.get(c3),
    op.get(z),
    op.f64x2Splat,
    op.f64x2Mul,
    op.f64x2Add,
    op.get(shift),
    op.f64x2Add,
    op.f32x4DemoteF64x2Zero,
    op.v128Store64Lane(0),
    // out.z = ((m8·x + m9·y) + m10·z) + m11
    op.get(out),
    op.get(m(8)),
    op.get(x),
    op.f64Mul,
    op.get(m(9)),
    op.get(y),
    op.f64Mul,
    op.f64Add,
    op.get(m(10)),
    op.get(z),
    op.f64Mul,
    op.f64Add,
    op.get(m(11)),
    op.f64Add,
    op.f32DemoteF64,
    op.f32Store(8),
    inc(s0, 12),
    inc(s1, 12),
    inc(out, 12),
    exaggerated ? inc(p0, 12) : [],
  );
  const body = code(
    op.f64(1),
    op.get(alpha),
    op.f64Sub,
    op.set(beta),
    op.get(alpha),
    op.f64x2Splat,
    op.set(av),
    op.get(beta),
    op.f64x2Splat,
    op.set(bv),
    op.get(e),
    op.f64x2Splat,
    op.set(ev),
    pair(0, 4, c1),
    pair(1, 5, c2),
    pair(2, 6, c3),
    pair(3, 7, shift),
    ...Array.from({ length: 12 }, (_, k) => code(op.get(m(k)), op.f64x2Splat, op.set(ms(k)))),
    op.block,
    op.loop,
    op.get(n),
    op.i32(2),
    op.i32LtU,
    op.brIf(1),
    twoNodes,
    op.br(0),
    op.end,
    op.end,
    // The last node, when the count is odd.
    countDown(n, node),
  );
  return {
    name: exaggerated ? "positionsExaggerated" : "positions",
    params: [I32, I32, I32, I32, F64, ...Array<typeof F64>(12).fill(F64), I32, F64],
    locals: [...ONE_NODE_LOCALS, ...Array<ValueType>(12 + 11).fill(V128)],
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

interface Exports {
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
function kernelsModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled;
  try {
    const bytes = wasmModule(
      [valuesKernel(), positionsKernel(false), positionsKernel(true), coloursKernel()],
      1,
      MAX_PAGES,
    );
    compiled = new WebAssembly.Module(bytes);
  } catch {
    compiled = null;
  }
  return compiled;
}

/**
 * One WebAssembly memory for a mesh's frames and the sampled outputs, and
 * the kernels over it: give it to `new MixedSampler(scene, arena)`, load the
 * mesh into it (`readAgrFile(path, { arena })` in `deforma/node`, or
 * {@link FrameArena.adopt}) and take outputs from {@link FrameArena.float32}.
 * Arrays are handed out and never freed: an arena lives as long as its mesh.
 */
export class FrameArena implements FrameKernels {
  private readonly buffers = new WeakSet<ArrayBufferLike>();
  private readonly tables = new WeakMap<Float32Array, Float32Array>();
  private top = ALIGN;

  private constructor(
    private readonly memory: WebAssembly.Memory,
    private readonly kernels: Exports,
  ) {
    this.buffers.add(memory.buffer);
  }

  /** A new arena, or undefined when this engine cannot run the kernels. */
  static create(): FrameArena | undefined {
    const module = kernelsModule();
    if (!module) return undefined;
    try {
      const memory = new WebAssembly.Memory({ initial: 1, maximum: MAX_PAGES, shared: true });
      const instance = new WebAssembly.Instance(module, { env: { memory } });
      return new FrameArena(memory, instance.exports as unknown as Exports);
    } catch {
      return undefined;
    }
  }

  /** Bytes handed out so far. */
  get size(): number {
    return this.top;
  }

  /**
   * `length` zeroed bytes, 16-byte aligned, in the arena; undefined when
   * they do not fit in its 4 GiB.
   */
  bytes(length: number): Uint8Array | undefined {
    const at = this.reserve(length);
    return at === undefined ? undefined : new Uint8Array(this.current(), at, length);
  }

  /** `length` zeroed floats in the arena; undefined when they do not fit. */
  float32(length: number): Float32Array | undefined {
    const at = this.reserve(4 * length);
    return at === undefined ? undefined : new Float32Array(this.current(), at, length);
  }

  /** `a` itself when it is in the arena, else a copy in it (or `a` when the copy does not fit). */
  adopt(a: Float32Array): Float32Array {
    if (this.has(a)) return a;
    const copy = this.float32(a.length);
    if (!copy) return a;
    copy.set(a);
    return copy;
  }

  /**
   * `m` with its node coordinates and parameter values in the arena (copied
   * in unless they are there already, as a binary file read into the arena
   * is); a mesh read frame by frame is returned as it is.
   */
  adoptMesh(m: MeshAnimation): MeshAnimation {
    if (m.frames) return m;
    return {
      ...m,
      positions: this.adopt(m.positions),
      scalarValues: m.scalarValues.map((a) => this.adopt(a)),
      vectorValues: m.vectorValues.map((a) => this.adopt(a)),
    };
  }

  /** Whether `a` lives in the arena's memory. */
  has(a: ArrayBufferView): boolean {
    return this.buffers.has(a.buffer);
  }

  run(job: FrameJob): void {
    if (!this.runHere(job)) runFrameJob(job, 0, job.count);
  }

  /** Runs `job` in WebAssembly when all its arrays are in the arena; whether it did. */
  private runHere(job: FrameJob): boolean {
    const k = this.kernels;
    const n = job.count;
    if (job.kind === "values") {
      if (!this.has(job.v0) || !this.has(job.v1) || !this.has(job.out)) return false;
      k.values(job.v0.byteOffset, job.v1.byteOffset, job.out.byteOffset, n, job.alpha);
      return true;
    }
    if (job.kind === "colours") {
      const table = this.table(job.table);
      if (!table || !this.has(job.values) || !this.has(job.out)) return false;
      const { scale, offset, last } = colourIndex(job.min, job.max, job.table);
      const at = [job.values.byteOffset, table.byteOffset, job.out.byteOffset] as const;
      k.colours(...at, n, scale, offset, last);
      return true;
    }
    const { src0, src1, p0, out, matrix: t } = job;
    if (!this.has(src0) || !this.has(src1) || !this.has(out) || (p0 && !this.has(p0))) {
      return false;
    }
    const f = p0 ? k.positionsExaggerated : k.positions;
    f(
      src0.byteOffset,
      src1.byteOffset,
      out.byteOffset,
      n,
      job.alpha,
      ...Array.from({ length: 12 }, (_, i) => t[i]!),
      p0 ? p0.byteOffset : 0,
      job.factor,
    );
    return true;
  }

  /** The arena's copy of a colour table (made once per table). */
  private table(table: Float32Array): Float32Array | undefined {
    let t = this.tables.get(table);
    if (!t) {
      t = this.adopt(table);
      if (!this.has(t)) return undefined;
      this.tables.set(table, t);
    }
    return t;
  }

  /** The memory's buffer now, known as the arena's. */
  private current(): ArrayBufferLike {
    const b = this.memory.buffer;
    this.buffers.add(b);
    return b;
  }

  private reserve(length: number): number | undefined {
    const at = this.top;
    const end = at + Math.ceil(length / ALIGN) * ALIGN;
    if (!(length >= 0) || end > MAX_PAGES * PAGE) return undefined;
    const pages = this.memory.buffer.byteLength / PAGE;
    const need = Math.ceil(end / PAGE);
    if (need > pages) {
      try {
        this.memory.grow(need - pages);
      } catch {
        return undefined;
      }
    }
    this.top = end;
    return at;
  }
}
