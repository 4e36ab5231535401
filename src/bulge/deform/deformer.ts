/**
 * The bulge deformer: rest positions + the bulges of the posed joints (in the
 * rest pose, in each bone's coordinates), then a linear-blend skin of the
 * result. Per-bone frames and per-section curves are computed once; each
 * term's reach (the rest vertices it moves and their displacement per unit
 * of amount, `reach.ts`) once per definition, on the first pose that needs
 * it; after that a call to {@link BulgeDeformer.deform} allocates nothing and
 * visits only the vertices in reach, then skins every vertex once.
 */
import type { BulgeDefinition } from "../catalogue/model.js";
import type { BulgeUnit, Rig } from "../rig/model.js";
import { dualQuaternions, type Skinning, skinDualQuaternion } from "./dual-quaternion.js";
import { bulgeAmount, jointLimits, jointMatrices, parentIndices } from "./pose.js";
import { type CompiledBulge, compileBulge } from "./profile.js";
import { addReach, type BulgeReach, bulgeReach } from "./reach.js";
import { type SkinWeights, skinWeights } from "./weights.js";

export { SPAN_TOLERANCE } from "./reach.js";

/** Numbers per bulge term in {@link BulgeDeformer}'s frame table: {@link boneFrame}'s 14, then the away unit. */
const FRAME = 15;

/** One joint's bulge attribute placed on its bone. */
export interface BulgeTerm {
  /** The joint carrying the attribute; its flex angle drives the amount. */
  readonly driver: number;
  /** The bone shaped: the driver's parent (the bone ending at the driver), or the driver for a root. */
  readonly bone: number;
  readonly code: number;
  readonly fullAngle: number;
  readonly scale: number;
  /** What the away displacement is measured in: bone lengths, or the limb's radius. */
  readonly unit: BulgeUnit;
}

/** The bulge terms of a rig: one per joint with a bulge attribute, in rig order. */
export function bulgeTerms(rig: Rig): BulgeTerm[] {
  const parents = parentIndices(rig);
  const terms: BulgeTerm[] = [];
  rig.joints.forEach((j, i) => {
    if (!j.bulge) return;
    const p = parents[i]!;
    terms.push({
      driver: i,
      bone: p >= 0 ? p : i,
      code: j.bulge.code,
      fullAngle: j.bulge.fullAngle,
      scale: j.bulge.scale,
      unit: j.bulge.unit ?? "bone",
    });
  });
  return terms;
}

/**
 * Deforms one mesh with one rig and a catalogue's definitions. Bulges whose
 * code the catalogue lacks are listed in {@link missingCodes} and do nothing.
 */
export class BulgeDeformer {
  /** Vertices of the rest mesh. */
  readonly vertexCount: number;
  /** The rig's bulge terms (including those with a missing code). */
  readonly terms: readonly BulgeTerm[];
  /** Codes rig joints reference that the catalogue does not define. */
  readonly missingCodes: readonly number[];
  /** The skin weights in use. */
  readonly weights: SkinWeights;
  /** How {@link skin} carries the bulged rest pose into the pose: "linear" (the default) or "dual-quaternion". */
  skinning: Skinning = "linear";
  private readonly rig: Rig;
  private readonly rest: Float32Array;
  private readonly parents: Int32Array;
  private readonly matrices: Float64Array;
  private readonly frames: Float64Array;
  private readonly compiled: (CompiledBulge | undefined)[];
  private readonly scratch: Float64Array;
  /** Each term's reach, computed on first use for its definition (a new definition gets a new one). */
  private readonly reaches: (BulgeReach | undefined)[];
  private readonly definitions = new Map<number, CompiledBulge>();
  /** `[min, max]` degrees per joint, and the last pose clamped to them. */
  private readonly limits: Float64Array;
  private readonly clamped: Float64Array;
  private dq: Float64Array | undefined;

  /** `rest`: x, y, z per vertex in the rig's rest pose; `weights` default to {@link skinWeights}. */
  constructor(
    rig: Rig,
    definitions: Iterable<Pick<BulgeDefinition, "code" | "sections">>,
    rest: Float32Array,
    weights: SkinWeights = skinWeights(rig, rest),
  ) {
    this.rig = rig;
    this.rest = rest;
    this.vertexCount = Math.floor(rest.length / 3);
    this.weights = weights;
    this.parents = parentIndices(rig);
    this.limits = jointLimits(rig);
    this.clamped = new Float64Array(rig.joints.length);
    this.matrices = new Float64Array(rig.joints.length * 12);
    this.scratch = new Float64Array(this.vertexCount * 3);
    for (const d of definitions) this.definitions.set(d.code, compileBulge(d));
    this.terms = bulgeTerms(rig);
    this.compiled = this.terms.map((t) => this.definitions.get(t.code));
    this.reaches = this.terms.map(() => undefined);
    this.missingCodes = [
      ...new Set(this.terms.filter((_, i) => !this.compiled[i]).map((t) => t.code)),
    ];
    this.frames = new Float64Array(this.terms.length * FRAME);
    this.terms.forEach((t, i) => {
      const frame = boneFrame(rig, t.bone);
      this.frames.set(frame, i * FRAME);
      this.frames[i * FRAME + 14] = t.unit === "radius" ? limbRadius(frame, rest) : frame[12]!;
    });
  }

  /** Replaces (or adds) the definition of `def.code`, e.g. while a section is edited. */
  setDefinition(def: Pick<BulgeDefinition, "code" | "sections">): void {
    this.setCompiled(def.code, compileBulge(def));
  }

  /** Like {@link setDefinition}, for a definition already compiled (e.g. shared with a chart). */
  setCompiled(code: number, c: CompiledBulge): void {
    this.definitions.set(code, c);
    this.terms.forEach((t, i) => {
      if (t.code === code) this.compiled[i] = c;
    });
  }

  /**
   * Deformed positions for the flex `angles` (degrees, one per joint in rig
   * order) into `out` (x, y, z per vertex): the bulges added in the rest
   * pose, then the skin. Every method clamps each angle to its joint's limits
   * (a joint never flexes past them; `limitBreaches` says which a caller
   * should refuse; a missing or NaN angle is 0). Returns `out`.
   */
  deform(
    angles: ArrayLike<number>,
    out: Float32Array = new Float32Array(this.vertexCount * 3),
  ): Float32Array {
    return this.skin(this.bulgedRest(angles), angles, out);
  }

  /** `angles` clamped to the joints' limits (the deformer's scratch array). */
  limited(angles: ArrayLike<number>): Float64Array {
    const l = this.limits;
    const c = this.clamped;
    for (let j = 0; j < c.length; j++) {
      const a = angles[j] ?? 0;
      c[j] = a >= l[j * 2]! ? Math.min(a, l[j * 2 + 1]!) : a < l[j * 2]! ? l[j * 2]! : 0;
    }
    return c;
  }

  /**
   * The skin ({@link skinning}: linear blend, or dual quaternions) of
   * `bulged` (x, y, z per vertex in the rest pose, e.g. {@link bulgedRest}'s
   * result) for the flex `angles` into `out`. Returns `out`.
   */
  skin(
    bulged: ArrayLike<number>,
    angles: ArrayLike<number>,
    out: Float32Array = new Float32Array(this.vertexCount * 3),
  ): Float32Array {
    const m = jointMatrices(this.rig, this.parents, this.limited(angles), this.matrices);
    const n = this.vertexCount;
    if (this.skinning === "dual-quaternion") {
      const count = this.rig.joints.length;
      this.dq = dualQuaternions(m, count, this.dq ?? new Float64Array(count * 8));
      return skinDualQuaternion(this.dq, this.weights, bulged, n, out);
    }
    const { index, weight } = this.weights;
    for (let i = 0; i < n; i++) {
      const o = i * 3;
      const x = bulged[o]!;
      const y = bulged[o + 1]!;
      const z = bulged[o + 2]!;
      const a = index[i * 2]! * 12;
      const wa = weight[i * 2]!;
      let ox = wa * (m[a]! * x + m[a + 1]! * y + m[a + 2]! * z + m[a + 3]!);
      let oy = wa * (m[a + 4]! * x + m[a + 5]! * y + m[a + 6]! * z + m[a + 7]!);
      let oz = wa * (m[a + 8]! * x + m[a + 9]! * y + m[a + 10]! * z + m[a + 11]!);
      const wb = weight[i * 2 + 1]!;
      if (wb !== 0) {
        const b = index[i * 2 + 1]! * 12;
        ox += wb * (m[b]! * x + m[b + 1]! * y + m[b + 2]! * z + m[b + 3]!);
        oy += wb * (m[b + 4]! * x + m[b + 5]! * y + m[b + 6]! * z + m[b + 7]!);
        oz += wb * (m[b + 8]! * x + m[b + 9]! * y + m[b + 10]! * z + m[b + 11]!);
      }
      out[o] = ox;
      out[o + 1] = oy;
      out[o + 2] = oz;
    }
    return out;
  }

  /**
   * The rest positions with the bulges of the pose `angles` added, before
   * skinning (the deformer's own scratch array; valid until the next call).
   */
  bulgedRest(angles: ArrayLike<number>): Float64Array {
    const p = this.scratch;
    const rest = this.rest;
    const n = this.vertexCount * 3;
    for (let i = 0; i < n; i++) p[i] = rest[i]!;
    const terms = this.terms;
    angles = this.limited(angles);
    for (let k = 0; k < terms.length; k++) {
      const t = terms[k]!;
      const c = this.compiled[k];
      const amount = bulgeAmount(angles[t.driver] ?? 0, t.fullAngle) * t.scale;
      if (!c || c.angles.length === 0 || amount === 0) continue;
      let reach = this.reaches[k];
      if (reach?.compiled !== c) {
        reach = bulgeReach(c, this.frames, k * FRAME, this.rest);
        this.reaches[k] = reach;
      }
      addReach(reach, amount, p);
    }
    return p;
  }
}

/**
 * The limb's radius around a bone ({@link boneFrame}'s `frame`): the median
 * distance from the bone's axis of the `rest` vertices along the bone
 * (0 ≤ u ≤ 1) and within its influence radius; the influence radius when no
 * vertex is there.
 */
export function limbRadius(frame: Float64Array, rest: ArrayLike<number>): number {
  const [hx, hy, hz, dx, dy, dz] = frame;
  const length = frame[12]!;
  const radius2 = frame[13]!;
  const found: number[] = [];
  for (let o = 0; o + 2 < rest.length; o += 3) {
    const rx = rest[o]! - hx!;
    const ry = rest[o + 1]! - hy!;
    const rz = rest[o + 2]! - hz!;
    const along = rx * dx! + ry * dy! + rz * dz!;
    if (along < 0 || along > length) continue;
    const q2 = rx * rx + ry * ry + rz * rz - along * along;
    if (q2 <= radius2) found.push(Math.sqrt(Math.max(0, q2)));
  }
  if (found.length === 0) return Math.sqrt(radius2);
  const sorted = Float64Array.from(found).sort();
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * A bone's frame in the rest pose: head, unit direction d, reference axis e₁
 * (the joint's `axis` made perpendicular to d), e₂ = d × e₁, length, radius².
 */
export function boneFrame(rig: Rig, bone: number): Float64Array {
  const j = rig.joints[bone]!;
  const dx0 = j.tail[0] - j.head[0];
  const dy0 = j.tail[1] - j.head[1];
  const dz0 = j.tail[2] - j.head[2];
  const length = Math.hypot(dx0, dy0, dz0) || 1;
  const dx = dx0 / length;
  const dy = dy0 / length;
  const dz = dz0 / length;
  const [ax, ay, az] = j.axis;
  const dot = ax * dx + ay * dy + az * dz;
  let e1x = ax - dot * dx;
  let e1y = ay - dot * dy;
  let e1z = az - dot * dz;
  let e1 = Math.hypot(e1x, e1y, e1z);
  if (e1 < 1e-12) {
    // An axis along the bone (the rig checker refuses it): any perpendicular.
    [e1x, e1y, e1z] = Math.abs(dx) < 0.9 ? [0, -dz, dy] : [dz, 0, -dx];
    e1 = Math.hypot(e1x, e1y, e1z);
  }
  e1x /= e1;
  e1y /= e1;
  e1z /= e1;
  const e2x = dy * e1z - dz * e1y;
  const e2y = dz * e1x - dx * e1z;
  const e2z = dx * e1y - dy * e1x;
  return Float64Array.of(
    j.head[0],
    j.head[1],
    j.head[2],
    dx,
    dy,
    dz,
    e1x,
    e1y,
    e1z,
    e2x,
    e2y,
    e2z,
    length,
    j.radius * j.radius,
  );
}
