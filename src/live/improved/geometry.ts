/**
 * What the improved engine's field needs at time t, in flat typed arrays:
 * the control points C(t) = (1 − t)·K + t·L with their motions L − K, the
 * fixed anchors on the picture's border, and the cut segments at time t
 * with each point's side of each segment (docs/live-engines.md).
 */
import type { EngineFrame } from "../engine.js";

/**
 * How far past a cut segment's end a point's weight fades (pixels): the
 * field evaluator's cap on the fade, and the reach of the wedges that
 * prune point–segment pairs per block.
 */
export const FADE_REACH = 24;

/** Anchors: the four corners and the four edge midpoints, fixed in K, L and every in-between. */
const ANCHORS = [0, 0, 1, 0, 0, 1, 1, 1, 0.5, 0, 0.5, 1, 0, 0.5, 1, 0.5] as const;

/** Polylines of both frames' cuts (the union; the same polyline once), as point indices. */
function cutUnion(k: EngineFrame, l: EngineFrame, usable: Uint8Array): number[][] {
  const seen = new Set<string>();
  const out: number[][] = [];
  for (const cut of [...k.cuts, ...l.cuts]) {
    if (cut.length < 2 || cut.some((i) => i < 0 || i >= usable.length || !usable[i])) continue;
    const key = cut.join(",");
    const back = [...cut].reverse().join(",");
    if (seen.has(key) || seen.has(back)) continue;
    seen.add(key);
    out.push([...cut]);
  }
  return out;
}

/** The field's geometry; `update(t)` moves it to time t without allocating. */
export class FieldGeometry {
  /** Points in the field: usable control points, then the anchors. */
  readonly n: number;
  /** Control-point index (into the frame's names) of field point i, or −1 for an anchor. */
  readonly source: Int32Array;
  /** Positions at time t (p) and motions L − K (d; 0 for anchors). */
  readonly px: Float64Array;
  readonly py: Float64Array;
  readonly dx: Float64Array;
  readonly dy: Float64Array;
  /** Cut segments, as pairs of field-point indices (all of them; `ns` are live at time t). */
  private readonly segPairs: Int32Array;
  /** Live segments at time t: endpoints A, B, B − A, length. */
  ns = 0;
  /** Counts the `update`s (the field's WebAssembly copy follows it). */
  version = 0;
  readonly sax: Float64Array;
  readonly say: Float64Array;
  readonly sdx: Float64Array;
  readonly sdy: Float64Array;
  readonly slen: Float64Array;
  /** Field-point indices of the live segments' ends. */
  readonly sa: Int32Array;
  readonly sb: Int32Array;
  /** 32-bit words per side mask (⌈segments / 32⌉, at least 1). */
  readonly words: number;
  /** Per point and segment: the point's orientation to the segment's line, 0 when it is an end of the segment. */
  readonly orient: Float64Array;
  /** Per point, word: bits of the segments the point is on the positive / negative side of. */
  readonly posMask: Int32Array;
  readonly negMask: Int32Array;
  /**
   * Per point and segment: inward unit normals of the wedge from the point
   * over the segment extended by FADE_REACH at both ends (where the segment
   * can block or fade the point's weight).
   */
  private readonly wedge: Float64Array;
  /** Scratch of {@link blockMask}: per side of the lines, the bits of the segments a block's disc passes. */
  private readonly passPos: Int32Array;
  private readonly passNeg: Int32Array;

  constructor(
    private readonly k: EngineFrame,
    private readonly l: EngineFrame,
    width: number,
    height: number,
  ) {
    const m = k.names.length;
    const usable = new Uint8Array(m);
    const index = new Int32Array(m).fill(-1);
    let count = 0;
    for (let j = 0; j < m; j++) {
      const ok =
        Number.isFinite(k.points[2 * j]!) &&
        Number.isFinite(k.points[2 * j + 1]!) &&
        Number.isFinite(l.points[2 * j]!) &&
        Number.isFinite(l.points[2 * j + 1]!);
      usable[j] = ok ? 1 : 0;
      if (ok) index[j] = count++;
    }
    const anchors = ANCHORS.length / 2;
    const n = count + anchors;
    this.n = n;
    this.source = new Int32Array(n).fill(-1);
    for (let j = 0; j < m; j++) if (index[j]! >= 0) this.source[index[j]!] = j;
    this.px = new Float64Array(n);
    this.py = new Float64Array(n);
    this.dx = new Float64Array(n);
    this.dy = new Float64Array(n);
    for (let a = 0; a < anchors; a++) {
      const i = count + a;
      const x = ANCHORS[2 * a]! * Math.max(0, width - 1);
      const y = ANCHORS[2 * a + 1]! * Math.max(0, height - 1);
      this.px[i] = x;
      this.py[i] = y;
    }
    const pairs: number[] = [];
    for (const cut of cutUnion(k, l, usable)) {
      for (let s = 0; s + 1 < cut.length; s++) {
        const a = index[cut[s]!]!;
        const b = index[cut[s + 1]!]!;
        if (a !== b) pairs.push(a, b);
      }
    }
    this.segPairs = Int32Array.from(pairs);
    const segs = pairs.length / 2;
    this.sax = new Float64Array(segs);
    this.say = new Float64Array(segs);
    this.sdx = new Float64Array(segs);
    this.sdy = new Float64Array(segs);
    this.slen = new Float64Array(segs);
    this.sa = new Int32Array(segs);
    this.sb = new Int32Array(segs);
    this.words = Math.max(1, Math.ceil(segs / 32));
    this.orient = new Float64Array(n * Math.max(1, segs));
    this.posMask = new Int32Array(n * this.words);
    this.negMask = new Int32Array(n * this.words);
    this.wedge = new Float64Array(n * Math.max(1, segs) * 4);
    this.passPos = new Int32Array(this.words);
    this.passNeg = new Int32Array(this.words);
  }

  /** Moves every control point and cut to time t (0 = K, 1 = L). */
  update(t: number): void {
    const { k, l, n, source } = this;
    this.version++;
    for (let i = 0; i < n; i++) {
      const j = source[i]!;
      if (j < 0) continue;
      const kx = k.points[2 * j]!;
      const ky = k.points[2 * j + 1]!;
      const lx = l.points[2 * j]!;
      const ly = l.points[2 * j + 1]!;
      this.px[i] = (1 - t) * kx + t * lx;
      this.py[i] = (1 - t) * ky + t * ly;
      this.dx[i] = lx - kx;
      this.dy[i] = ly - ky;
    }
    // Live segments: those of non-zero length at time t.
    let ns = 0;
    const pairs = this.segPairs;
    for (let s = 0; s < pairs.length; s += 2) {
      const a = pairs[s]!;
      const b = pairs[s + 1]!;
      const dx = this.px[b]! - this.px[a]!;
      const dy = this.py[b]! - this.py[a]!;
      const len = Math.hypot(dx, dy);
      if (!(len > 1e-9)) continue;
      this.sax[ns] = this.px[a]!;
      this.say[ns] = this.py[a]!;
      this.sdx[ns] = dx;
      this.sdy[ns] = dy;
      this.slen[ns] = len;
      this.sa[ns] = a;
      this.sb[ns] = b;
      ns++;
    }
    this.ns = ns;
    const words = this.words;
    this.posMask.fill(0);
    this.negMask.fill(0);
    for (let i = 0; i < n; i++) {
      for (let s = 0; s < ns; s++) {
        const incident = this.sa[s] === i || this.sb[s] === i;
        const o = incident
          ? 0
          : this.sdx[s]! * (this.py[i]! - this.say[s]!) -
            this.sdy[s]! * (this.px[i]! - this.sax[s]!);
        this.orient[i * ns + s] = o;
        const bit = 1 << (s & 31);
        const w = i * words + (s >> 5);
        if (o > 0) this.posMask[w]! |= bit;
        else if (o < 0) this.negMask[w]! |= bit;
        if (o !== 0) this.wedgeOf(i, s);
      }
    }
  }

  /** The wedge from point i over live segment s (extended by FADE_REACH). */
  private wedgeOf(i: number, s: number): void {
    const len = this.slen[s]!;
    const ux = this.sdx[s]! / len;
    const uy = this.sdy[s]! / len;
    const ax = this.sax[s]! - FADE_REACH * ux - this.px[i]!;
    const ay = this.say[s]! - FADE_REACH * uy - this.py[i]!;
    const bx = this.sax[s]! + this.sdx[s]! + FADE_REACH * ux - this.px[i]!;
    const by = this.say[s]! + this.sdy[s]! + FADE_REACH * uy - this.py[i]!;
    // Normals of the rays to A⁺ and B⁺, each turned towards the other ray.
    const cross = ax * by - ay * bx;
    const sign = cross > 0 ? 1 : -1;
    const la = Math.hypot(ax, ay) || 1;
    const lb = Math.hypot(bx, by) || 1;
    const o = (i * this.ns + s) * 4;
    this.wedge[o] = (-ay * sign) / la;
    this.wedge[o + 1] = (ax * sign) / la;
    this.wedge[o + 2] = (by * sign) / lb;
    this.wedge[o + 3] = (-bx * sign) / lb;
  }

  /**
   * Writes into out[offset…] (n × words) the bits of the segments that can
   * block or fade each point's weight somewhere in the disc of radius r
   * about (cx, cy): the disc reaches past the segment's line, away from the
   * point, and into the point's wedge over it.
   */
  blockMask(cx: number, cy: number, r: number, out: Int32Array, offset: number): void {
    const { n, ns, words, passPos, passNeg, posMask, negMask, px, py, wedge } = this;
    passPos.fill(0);
    passNeg.fill(0);
    // The disc's centre beyond each line (from the positive side): n·(c − A), n = (−dy, dx)/len;
    // per side, the bits of the segments whose line the disc reaches past (decision 405).
    for (let s = 0; s < ns; s++) {
      const beyond =
        (this.sdy[s]! * (this.sax[s]! - cx) - this.sdx[s]! * (this.say[s]! - cy)) / this.slen[s]!;
      if (!(beyond > r)) passPos[s >> 5]! |= 1 << (s & 31);
      if (!(-beyond > r)) passNeg[s >> 5]! |= 1 << (s & 31);
    }
    for (let i = 0; i < n; i++) {
      const qx = cx - px[i]!;
      const qy = cy - py[i]!;
      for (let w = 0; w < words; w++) {
        // The segments point i is off the line of (orientation ≠ 0) on the side the disc passes.
        let bits =
          (posMask[i * words + w]! & passPos[w]!) | (negMask[i * words + w]! & passNeg[w]!);
        let mask = 0;
        while (bits !== 0) {
          const low = bits & -bits;
          bits ^= low;
          const o = (i * ns + w * 32 + 31 - Math.clz32(low)) * 4;
          if (wedge[o]! * qx + wedge[o + 1]! * qy < -r) continue;
          if (wedge[o + 2]! * qx + wedge[o + 3]! * qy < -r) continue;
          mask |= low;
        }
        out[offset + i * words + w] = mask;
      }
    }
  }
}
