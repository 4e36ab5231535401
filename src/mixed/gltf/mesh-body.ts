/**
 * A mesh body in glTF: the surface triangles of its `.agr` (only the nodes
 * they use), POSITION = initial coordinates, COLOR_0 = the scalar of the first
 * exported frame through the colour map, and one morph target per exported
 * `.agr` frame holding POSITION and COLOR_0 deltas to that frame.
 */
import type { Animation, Node } from "@gltf-transform/core";
import { applyToPoints, determinant, isRotation } from "../../core/affine.js";
import { type ColormapName, colormap, mapScalars } from "../../core/colormap.js";
import { quaternionFromAffine } from "../../core/quaternion.js";
import { scalarRange } from "../agr/info.js";
import { scalarAt, vectorAt } from "../agr/model.js";
import { thinIndices } from "../sample/frames.js";
import type { SceneVariant } from "../sample/scene.js";
import type { GltfBuilder } from "./builder.js";

/** What {@link addMeshBody} needs besides the variant. */
export interface MeshBodySettings {
  readonly frameStep: number;
  readonly colormap: ColormapName;
  readonly exaggeration: number;
  /** Seconds subtracted from every time (the glTF clock starts at 0). */
  readonly origin: number;
  /** The model's time span (the `.amb`'s first and last time); the morph keys stay inside it when it is not empty. */
  readonly span: readonly [start: number, end: number];
  /** Called after each morph frame. */
  readonly progress: () => void;
}

/**
 * Most morph targets per mesh: the `weights` channel holds targets × keys
 * numbers, so it grows with the square of the frames; longer animations are
 * thinned evenly to stay below this.
 */
export const MAX_MORPH_TARGETS = 256;

/** The frame step used for `frames` `.agr` frames: at least `frameStep`, and enough to keep ≤ {@link MAX_MORPH_TARGETS}. */
export function morphStep(frames: number, frameStep: number): number {
  // Two below the cap: thinning keeps the last frame as one more.
  return Math.max(frameStep, Math.ceil((frames - 1) / (MAX_MORPH_TARGETS - 2)));
}

/**
 * The `.agr` frames {@link addMeshBody} writes as morph targets: the kept
 * frames (thinned by `frameStep`) that the span `[start, end]` needs — those
 * inside it and the one on each side that the weights at its ends blend with.
 * An empty span (no MBS frames) keeps every frame.
 */
export function morphFrames(
  variant: SceneVariant,
  frameStep: number,
  span: readonly [number, number],
): Uint32Array {
  const m = variant.animation;
  if (!m) return new Uint32Array(0);
  const all = thinIndices(m.times.length, morphStep(m.times.length, frameStep));
  const [start, end] = span;
  if (!(end > start) || all.length < 2) return all;
  let first = 0;
  while (first + 1 < all.length && m.times[all[first + 1]!]! <= start) first++;
  let last = all.length - 1;
  while (last - 1 > first && m.times[all[last - 1]!]! >= end) last--;
  return all.slice(first, last + 1);
}

/** The number of morph frames {@link addMeshBody} will write for a variant. */
export function morphFrameCount(
  variant: SceneVariant,
  frameStep: number,
  span: readonly [number, number],
): number {
  return morphFrames(variant, frameStep, span).length;
}

/**
 * The `weights` keys of morph frames at `times` (seconds, ascending): one key
 * per frame inside the span, plus one at each end of it where the weights
 * blend the frames on either side (so the animation is exactly as long as the
 * model's, as the studio plays it). Returns the key times and, per key, the
 * weights of every target (a hat function of time, clamped at both ends).
 */
export function morphKeys(
  times: readonly number[],
  span: readonly [number, number],
): { input: number[]; output: number[] } {
  const n = times.length;
  const [start, end] = span;
  const keys =
    end > start ? [start, ...times.filter((t) => t > start && t < end), end] : [...times];
  const output: number[] = [];
  for (const t of keys) {
    const w = new Array<number>(n).fill(0);
    if (t <= times[0]!) w[0] = 1;
    else if (t >= times[n - 1]!) w[n - 1] = 1;
    else {
      let k = 0;
      while (times[k + 1]! < t) k++;
      const a = (t - times[k]!) / (times[k + 1]! - times[k]!);
      w[k] = 1 - a;
      w[k + 1] = a;
    }
    output.push(...w);
  }
  return { input: keys, output };
}

/**
 * Adds the mesh of `variant` under `bodyNode` (the node moved by the body's
 * motion) and, when it deforms or changes colour, its morph targets and a
 * `weights` channel in `animation`.
 */
export function addMeshBody(
  g: GltfBuilder,
  bodyNode: Node,
  name: string,
  variant: SceneVariant,
  s: MeshBodySettings,
  animation: Animation,
): void {
  const m = variant.animation;
  if (!m) return;
  // Re-index: only the nodes the surface uses become vertices.
  const surface = variant.surface;
  const map = new Int32Array(m.nodeCount).fill(-1);
  let vertexCount = 0;
  for (let k = 0; k < surface.length; k++) {
    const node = surface[k]!;
    if (map[node]! < 0) map[node] = vertexCount++;
  }
  if (vertexCount === 0) return;
  const used = new Uint32Array(vertexCount);
  for (let node = 0; node < m.nodeCount; node++) if (map[node]! >= 0) used[map[node]!] = node;
  const indices = new Uint32Array(surface.length);
  for (let k = 0; k < surface.length; k++) indices[k] = map[surface[k]!]!;

  // The placement A|b goes on a child node when it is a rotation; otherwise it is baked in.
  const placement = variant.placement;
  const asNode = isRotation(placement);
  if (!asNode && determinant(placement) < 0) {
    for (let k = 0; k < indices.length; k += 3) {
      const t = indices[k + 1]!;
      indices[k + 1] = indices[k + 2]!;
      indices[k + 2] = t;
    }
  }
  const linear = Float64Array.from(placement);
  linear[3] = linear[7] = linear[11] = 0;
  const base = new Float32Array(vertexCount * 3);
  gather(m.positions, used, base);
  if (!asNode) applyToPoints(placement, base, base);

  const prim = g.doc
    .createPrimitive()
    .setAttribute("POSITION", g.accessor(`${name}/position`, "VEC3", base))
    .setIndices(g.indices(`${name}/indices`, indices, vertexCount))
    .setMaterial(g.fieldMaterial());

  const frames = morphFrames(variant, s.frameStep, s.span);
  const vp = variant.ref.vectorParam;
  const sp = variant.ref.scalarParam;
  const moves = frames.length > 1 && m.vectors[vp]?.varying === true;
  const hasScalar = sp < m.scalars.length;
  const recolours = frames.length > 1 && hasScalar && m.scalars[sp]!.varying;

  let baseColour: Float32Array | null = null;
  const values = new Float32Array(vertexCount);
  let min = 0;
  let max = 0;
  const lut = colormap(s.colormap);
  if (hasScalar) {
    ({ min, max } = scalarRange(m, sp));
    if (!(min <= max)) min = max = 0;
    baseColour = new Float32Array(vertexCount * 3);
    gather(scalarAt(m, sp, frames[0] ?? 0), used, values);
    mapScalars(values, min, max, lut, baseColour, vertexCount);
    prim.setAttribute("COLOR_0", g.accessor(`${name}/colour`, "VEC3", baseColour));
  }

  const mesh = g.doc.createMesh(name).addPrimitive(prim);
  mesh.setExtras({ scalarRange: [min, max], colormap: s.colormap });
  const meshNode = g.doc.createNode(`${name}/mesh`).setMesh(mesh);
  if (asNode) {
    const q = new Float64Array(4);
    quaternionFromAffine(placement, q);
    meshNode.setRotation([q[0]!, q[1]!, q[2]!, q[3]!]);
    meshNode.setTranslation([placement[3]!, placement[7]!, placement[11]!]);
  }
  bodyNode.addChild(meshNode);
  if (!moves && !recolours) return;

  const delta = new Float32Array(vertexCount * 3);
  const colour = new Float32Array(vertexCount * 3);
  const packed = new Int16Array(vertexCount * 3);
  for (let k = 0; k < frames.length; k++) {
    const f = frames[k]!;
    const target = g.doc.createPrimitiveTarget(`t=${m.times[f]}`);
    if (moves) {
      const p = vectorAt(m, vp, f);
      const p0 = m.positions;
      for (let v = 0; v < vertexCount; v++) {
        const o = used[v]! * 3;
        delta[v * 3] = s.exaggeration * (p[o]! - p0[o]!);
        delta[v * 3 + 1] = s.exaggeration * (p[o + 1]! - p0[o + 1]!);
        delta[v * 3 + 2] = s.exaggeration * (p[o + 2]! - p0[o + 2]!);
      }
      if (!asNode) applyToPoints(linear, delta, delta);
      target.setAttribute("POSITION", g.accessor(`${name}/dp${f}`, "VEC3", delta.slice()));
    }
    if (recolours && baseColour) {
      gather(scalarAt(m, sp, f), used, values);
      mapScalars(values, min, max, lut, colour, vertexCount);
      // Colour deltas in [−1, 1] as normalized 16-bit integers: half the bytes of floats.
      for (let c = 0; c < colour.length; c++) {
        packed[c] = Math.round((colour[c]! - baseColour[c]!) * 32767);
      }
      target.setAttribute(
        "COLOR_0",
        g.accessor(`${name}/dc${f}`, "VEC3", packed.slice()).setNormalized(true),
      );
    }
    prim.addTarget(target);
    s.progress();
  }
  mesh.setWeights(new Array<number>(frames.length).fill(0));
  // Weight k is 1 at frame k and 0 at every other key: LINEAR blends neighbouring frames.
  const keys = morphKeys(
    Array.from(frames, (f) => m.times[f]!),
    s.span,
  );
  const input = Float32Array.from(keys.input, (t) => t - s.origin);
  const output = Float32Array.from(keys.output);
  const sampler = g.doc
    .createAnimationSampler()
    .setInput(g.accessor(`${name}/weights-time`, "SCALAR", input))
    .setOutput(g.accessor(`${name}/weights`, "SCALAR", output))
    .setInterpolation("LINEAR");
  animation.addSampler(sampler);
  animation.addChannel(
    g.doc
      .createAnimationChannel()
      .setTargetNode(meshNode)
      .setTargetPath("weights")
      .setSampler(sampler),
  );
}

/** out[3v..3v+2] = src[3·used[v]..] for xyz data, or out[v] = src[used[v]] for scalars. */
function gather(src: Float32Array, used: Uint32Array, out: Float32Array): void {
  if (out.length === used.length) {
    for (let v = 0; v < used.length; v++) out[v] = src[used[v]!]!;
    return;
  }
  for (let v = 0; v < used.length; v++) {
    const o = used[v]! * 3;
    out[v * 3] = src[o]!;
    out[v * 3 + 1] = src[o + 1]!;
    out[v * 3 + 2] = src[o + 2]!;
  }
}
