/**
 * The positions kernels in WebAssembly (see `wasm-kernels.ts`): two nodes a
 * turn with the nodes in the lanes, then the last node alone.
 */
import {
  code,
  countDown,
  F64,
  I32,
  increment as inc,
  op,
  V128,
  type ValueType,
  type WasmFunction,
} from "../../core/wasm.js";

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

export function positionsKernel(exaggerated: boolean): WasmFunction {
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
