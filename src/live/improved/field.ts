/**
 * The backward field of the improved engine at one point v of the in-between
 * at time t: where v comes from in K and in L. Affine moving least squares
 * (Schaefer, McPhail, Warren 2006, "Image deformation using moving least
 * squares", §2.1) from the control points at time t (p) to their positions
 * in K (or L), with weights w_i = c_i(v) / |p_i − v|², where the cut factor
 * c_i(v) is 0 when the segment [v, p_i] crosses a cut and fades to 1 past a
 * cut segment's ends (docs/live-engines.md, "Improved engine").
 */
import { type FieldWasm, fieldWasm } from "./field-wasm.js";
import { FADE_REACH, type FieldGeometry } from "./geometry.js";

/** Width of the fade past a cut segment's end, relative to the distance from v to the crossing of the lines. */
const FADE = 0.5;

/**
 * Evaluates the field. One instance per transition: it holds per-point
 * scratch. `force` fixes the side v is taken to be on for some segments
 * (the continuation of one side's field across a cut, used by the cells
 * that a cut crosses).
 */
export class FieldEvaluator {
  private readonly ov: Float64Array;
  private readonly avx: Float64Array;
  private readonly avy: Float64Array;
  private readonly bvx: Float64Array;
  private readonly bvy: Float64Array;
  private readonly vPos: Int32Array;
  private readonly vNeg: Int32Array;
  /** Forced segments for the next `eval` (set with `force`, cleared with `unforce`). */
  private readonly forcedSeg = new Int32Array(8);
  private readonly forcedSide = new Int8Array(8);
  private forced = 0;
  /** The pairs that may matter near the next evaluations (FieldGeometry.blockMask); all by default. */
  private mask: Int32Array;
  private maskOffset = 0;
  private readonly all: Int32Array;
  /** The weighted sums of one evaluation (see {@link affineMotion}). */
  private readonly sums = new Float64Array(12);
  /** One point's unblocking candidate segments, with c1 and c2. */
  private readonly cs: Int32Array;
  private readonly c1s: Float64Array;
  private readonly c2s: Float64Array;
  /** |P|² and the cut factor of {@link fades}. */
  private readonly scratch = new Float64Array(2);

  /** The same sums in WebAssembly (field-wasm.ts); null where it is missing or not wanted. */
  private readonly wasm: FieldWasm | null;
  /** Whether the mask changed since the WebAssembly copy of it. */
  private maskDirty = true;

  /** `wasm: false` keeps to the JavaScript sums (they give the same numbers). */
  constructor(
    private readonly g: FieldGeometry,
    wasm = true,
  ) {
    this.wasm = wasm ? fieldWasm(g) : null;
    const segs = Math.max(1, g.sax.length);
    this.ov = new Float64Array(segs);
    this.avx = new Float64Array(segs);
    this.avy = new Float64Array(segs);
    this.bvx = new Float64Array(segs);
    this.bvy = new Float64Array(segs);
    this.vPos = new Int32Array(g.words);
    this.vNeg = new Int32Array(g.words);
    this.all = new Int32Array(g.n * g.words).fill(-1);
    this.mask = this.all;
    this.cs = new Int32Array(segs);
    this.c1s = new Float64Array(segs);
    this.c2s = new Float64Array(segs);
  }

  /** Restricts the next evaluations to the point–segment pairs of mask[offset…] (n × words). */
  useMask(mask: Int32Array | null, offset = 0): void {
    this.mask = mask ?? this.all;
    this.maskOffset = mask ? offset : 0;
    this.maskDirty = true;
  }

  /** Takes v to be on side `positive` of live segment `seg` in the next evaluations. */
  force(seg: number, positive: boolean): void {
    this.forcedSeg[this.forced] = seg;
    this.forcedSide[this.forced] = positive ? 1 : -1;
    this.forced++;
  }

  unforce(): void {
    this.forced = 0;
  }

  /**
   * Writes the moving-least-squares motion u(v) at v = (x, y) to out[o], out[o + 1]:
   * the affine MLS map of the motions L_j − K_j from the points at time t.
   * Because the map is linear in its targets, v's source in K is v − t·u(v)
   * and in L is v + (1 − t)·u(v) (docs/live-engines.md). A point no control
   * point can see does not move.
   */
  eval(x: number, y: number, out: Float64Array | Float32Array, o: number): void {
    const g = this.g;
    const wasm = this.wasm;
    let on: number;
    let sums: Float64Array;
    if (wasm !== null) {
      if (this.maskDirty) {
        wasm.setMask(this.mask, this.maskOffset);
        this.maskDirty = false;
      }
      on = wasm.sumsAt(x, y, this.forcedSeg, this.forcedSide, this.forced);
      sums = wasm.sums;
    } else {
      this.sides(x, y);
      on = this.jsSums(x, y);
      sums = this.sums;
    }
    if (on >= 0) {
      // On a control point: its own motion, exactly.
      out[o] = g.dx[on]!;
      out[o + 1] = g.dy[on]!;
    } else affineMotion(sums, out, o);
  }

  /**
   * The weighted sums (see {@link affineMotion}) after `sides`, each point
   * weighted by its cut factor c_i(v) / |P|², P = p_i − v: c is 0 when
   * [v, p_i] crosses a segment, fades to 1 past its ends, else 1. Returns the
   * point v is on, if any (then the sums are not computed), else −1.
   */
  private jsSums(x: number, y: number): number {
    const { px, py, dx: mx, dy: my, n, words, posMask, negMask } = this.g;
    const { avx, avy, bvx, bvy, vPos, vNeg, cs, c1s, c2s, scratch } = this;
    const mask = this.mask;
    const mo = this.maskOffset;
    let W = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let sxy = 0;
    let syy = 0;
    let dx = 0;
    let dy = 0;
    let dxx = 0;
    let dxy = 0;
    let dyx = 0;
    let dyy = 0;
    for (let i = 0; i < n; i++) {
      const Px = px[i]! - x;
      const Py = py[i]! - y;
      const d2 = Px * Px + Py * Py;
      if (d2 < 1e-18) return i;
      // Blocked when [v, p_i] crosses a segment: v and p are on either side of its line,
      // and the line v→p separates A and B (c1 = P × (A − v), c2 = P × (B − v) of opposite
      // signs). A word's candidates are tested first: a blocked point needs no fade.
      let c = 1;
      for (let wd = 0; wd < words && c > 0; wd++) {
        const iw = i * words + wd;
        let cand = ((posMask[iw]! & vNeg[wd]!) | (negMask[iw]! & vPos[wd]!)) & mask[mo + iw]!;
        let nc = 0;
        while (cand !== 0) {
          const low = cand & -cand;
          cand ^= low;
          const s = (wd << 5) + 31 - Math.clz32(low);
          const c1 = Px * avy[s]! - Py * avx[s]!;
          const c2 = Px * bvy[s]! - Py * bvx[s]!;
          if (c1 <= 0 ? c2 >= 0 : c2 <= 0) {
            c = 0;
            nc = 0;
            break;
          }
          cs[nc] = s;
          c1s[nc] = c1;
          c2s[nc] = c2;
          nc++;
        }
        if (nc > 0) {
          // Numbers pass through `scratch`: a call would box them.
          scratch[0] = d2;
          scratch[1] = c;
          this.fades(i, nc);
          c = scratch[1]!;
        }
      }
      if (c === 0) continue;
      const w = c / d2;
      const wPx = w * Px;
      const wPy = w * Py;
      const Dx = mx[i]!;
      const Dy = my[i]!;
      W += w;
      sx += wPx;
      sy += wPy;
      sxx += wPx * Px;
      sxy += wPx * Py;
      syy += wPy * Py;
      dx += w * Dx;
      dy += w * Dy;
      dxx += wPx * Dx;
      dxy += wPx * Dy;
      dyx += wPy * Dx;
      dyy += wPy * Dy;
    }
    const m = this.sums;
    m[0] = W;
    m[1] = sx;
    m[2] = sy;
    m[3] = sxx;
    m[4] = sxy;
    m[5] = syy;
    m[6] = dx;
    m[7] = dy;
    m[8] = dxx;
    m[9] = dxy;
    m[10] = dyx;
    m[11] = dyy;
    return -1;
  }

  /**
   * Multiplies the cut factor of point i (in scratch[1]; |P|² in scratch[0])
   * by the fades of its nc listed candidates: [v, p] passes an end E of each,
   * crossing its line at X, |X − E| = len·near/|c1 − c2|. The weight fades
   * while |X − E| < lim, lim = min(FADE·|X − v|, FADE_REACH), |X − v| =
   * k1·|P|, k1 = |o_v|/(|o_v| + |o_p|).
   */
  private fades(i: number, nc: number): void {
    const { ns, orient, slen } = this.g;
    const { ov, cs, c1s, c2s, scratch } = this;
    let c = scratch[1]!;
    let r = -1;
    for (let j = 0; j < nc; j++) {
      const s = cs[j]!;
      const c1 = c1s[j]!;
      const c2 = c2s[j]!;
      const e1 = c1 < 0 ? -c1 : c1;
      const e2 = c2 < 0 ? -c2 : c2;
      const diff = e1 < e2 ? e2 - e1 : e1 - e2;
      // |X − E|·|c1 − c2|:
      const past = Math.min(e1, e2) * slen[s]!;
      if (past >= FADE_REACH * diff) continue;
      const a = ov[s]!;
      const op = orient[i * ns + s]!;
      if (r < 0) r = Math.sqrt(scratch[0]!);
      const lim = Math.min((FADE * a * r) / (a + (op < 0 ? -op : op)), FADE_REACH);
      const q = past / (lim * diff);
      if (q < 1) c *= q * q * (2 - q * q);
    }
    scratch[1] = c;
  }

  /**
   * The segments relative to v = (x, y) (A − v, B − v, |orientation|) and the
   * side of each segment's line v is on (`vPos`, `vNeg` bit sets), with the
   * forced sides applied.
   */
  private sides(x: number, y: number): void {
    const { ns } = this.g;
    const { ov, avx, avy, bvx, bvy, vPos, vNeg } = this;
    const { sax, say, sdx, sdy } = this.g;
    vPos.fill(0);
    vNeg.fill(0);
    for (let s = 0; s < ns; s++) {
      const ax = sax[s]! - x;
      const ay = say[s]! - y;
      avx[s] = ax;
      avy[s] = ay;
      bvx[s] = ax + sdx[s]!;
      bvy[s] = ay + sdy[s]!;
      // Orientation of v to the line A→B: (B − A) × (v − A).
      const o2 = sdy[s]! * ax - sdx[s]! * ay;
      ov[s] = o2 < 0 ? -o2 : o2;
      if (o2 > 0) vPos[s >> 5]! |= 1 << (s & 31);
      else if (o2 < 0) vNeg[s >> 5]! |= 1 << (s & 31);
    }
    for (let f = 0; f < this.forced; f++) {
      const s = this.forcedSeg[f]!;
      const bit = 1 << (s & 31);
      vPos[s >> 5]! &= ~bit;
      vNeg[s >> 5]! &= ~bit;
      if (this.forcedSide[f]! > 0) vPos[s >> 5]! |= bit;
      else vNeg[s >> 5]! |= bit;
    }
  }
}

/**
 * The affine MLS motion from the weighted sums `m` (coordinates relative to
 * v): W, Σw·P (x, y), Σw·P·Pᵀ (xx, xy, yy), Σw·D (x, y) and Σw·P·Dᵀ (xx, xy,
 * yx, yy), written to out[o], out[o + 1]; no motion when nothing was seen.
 */
function affineMotion(m: Float64Array, out: Float64Array | Float32Array, o: number): void {
  const W = m[0]!;
  if (!(W > 0)) {
    out[o] = 0;
    out[o + 1] = 0;
    return;
  }
  const sx = m[1]!;
  const sy = m[2]!;
  // Centroids (p* relative to v) and the weighted covariances of p̂ and of p̂, d̂.
  const iw = 1 / W;
  const psx = sx * iw;
  const psy = sy * iw;
  const a11 = m[3]! - sx * psx;
  const a12 = m[4]! - sx * psy;
  const a22 = m[5]! - sy * psy;
  const qx = m[6]! * iw;
  const qy = m[7]! * iw;
  const b11 = m[8]! - sx * qx;
  const b12 = m[9]! - sx * qy;
  const b21 = m[10]! - sy * qx;
  const b22 = m[11]! - sy * qy;
  // u(v) = (v − p*)·A⁻¹·B + d*; here v − p* = −p* (coordinates relative to v).
  const ux = -psx;
  const uy = -psy;
  const det = a11 * a22 - a12 * a12;
  const tr = a11 + a22;
  if (det > 1e-9 * tr * tr) {
    const gx = (a22 * ux - a12 * uy) / det;
    const gy = (a11 * uy - a12 * ux) / det;
    out[o] = qx + gx * b11 + gy * b21;
    out[o + 1] = qy + gx * b12 + gy * b22;
  } else if (tr > 1e-12 * W) {
    // Points (nearly) on a line: the similarity variant (§2.2) of the map p ↦ p + d.
    const ak = 1 + (b11 + b22) / tr;
    const bk = (b12 - b21) / tr;
    out[o] = qx + ux * ak - uy * bk - ux;
    out[o + 1] = qy + ux * bk + uy * ak - uy;
  } else {
    // One point seen (or all at one place): its motion.
    out[o] = qx;
    out[o + 1] = qy;
  }
}
