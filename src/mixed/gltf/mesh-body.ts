/**
 * A mesh body in glTF: the surface triangles of its `.agr` (only the nodes
 * they use), POSITION = initial coordinates, COLOR_0 = the scalar of the first
 * exported frame through the colour map, and one morph target per exported
 * `.agr` frame holding POSITION and COLOR_0 deltas to that frame.
 */
import type { Animation, Mesh, Node, Primitive } from "@gltf-transform/core";
import { type Affine, applyToPoints, determinant, isRotation } from "../../core/affine.js";
import { type ColormapName, colormap, mapScalars } from "../../core/colormap.js";
import { quaternionFromAffine } from "../../core/quaternion.js";
import { scalarRange } from "../agr/info.js";
import { type MeshAnimation, scalarAt, vectorAt } from "../agr/model.js";
import type { SceneVariant } from "../sample/scene.js";
import type { GltfBuilder } from "./builder.js";
import { morphFrames, morphKeys } from "./morph.js";

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
  const surface = surfaceVertices(m.nodeCount, variant.surface);
  if (!surface) return;
  const { used, indices } = surface;
  // The placement A|b goes on a child node when it is a rotation; otherwise it is baked in.
  const placement = variant.placement;
  const asNode = isRotation(placement);
  if (!asNode && determinant(placement) < 0) flipWinding(indices);
  const base = new Float32Array(used.length * 3);
  gather(m.positions, used, base);
  if (!asNode) applyToPoints(placement, base, base);

  const prim = g.doc
    .createPrimitive()
    .setAttribute("POSITION", g.accessor(`${name}/position`, "VEC3", base))
    .setIndices(g.indices(`${name}/indices`, indices, used.length))
    .setMaterial(g.fieldMaterial());
  const frames = morphFrames(variant, s.frameStep, s.span);
  const sp = variant.ref.scalarParam;
  const colouring = sp < m.scalars.length ? colourOf(m, sp, used, frames[0] ?? 0, s) : undefined;
  if (colouring) prim.setAttribute("COLOR_0", g.accessor(`${name}/colour`, "VEC3", colouring.base));

  const mesh = g.doc.createMesh(name).addPrimitive(prim);
  const range = colouring ? [colouring.min, colouring.max] : [0, 0];
  mesh.setExtras({ scalarRange: range, colormap: s.colormap });
  const meshNode = g.doc.createNode(`${name}/mesh`).setMesh(mesh);
  if (asNode) placeNode(meshNode, placement);
  bodyNode.addChild(meshNode);

  const vp = variant.ref.vectorParam;
  const moves = frames.length > 1 && m.vectors[vp]?.varying === true;
  const recolours = frames.length > 1 && colouring !== undefined && m.scalars[sp]!.varying;
  if (!moves && !recolours) return;
  const body: MorphBody = { g, name, m, used, prim, mesh, meshNode };
  const linear = asNode ? undefined : linearPart(placement);
  addMorphTargets(
    body,
    frames,
    s,
    moves ? { vp, linear } : undefined,
    recolours ? colouring : undefined,
  );
  addWeights(body, frames, s, animation);
}

/** The vertices a surface uses (`used[v]` = its `.agr` node) and its triangles over them; undefined when empty. */
function surfaceVertices(
  nodeCount: number,
  surface: Uint32Array,
): { used: Uint32Array; indices: Uint32Array } | undefined {
  const map = new Int32Array(nodeCount).fill(-1);
  let vertexCount = 0;
  for (let k = 0; k < surface.length; k++) {
    const node = surface[k]!;
    if (map[node]! < 0) map[node] = vertexCount++;
  }
  if (vertexCount === 0) return undefined;
  const used = new Uint32Array(vertexCount);
  for (let node = 0; node < nodeCount; node++) if (map[node]! >= 0) used[map[node]!] = node;
  const indices = new Uint32Array(surface.length);
  for (let k = 0; k < surface.length; k++) indices[k] = map[surface[k]!]!;
  return { used, indices };
}

/** Reverses every triangle (a mirroring placement baked in would turn them inside out). */
function flipWinding(indices: Uint32Array): void {
  for (let k = 0; k < indices.length; k += 3) {
    const t = indices[k + 1]!;
    indices[k + 1] = indices[k + 2]!;
    indices[k + 2] = t;
  }
}

/** The linear part A of a placement A|b (its translation zeroed): what moves a displacement. */
function linearPart(placement: Affine): Float64Array {
  const linear = Float64Array.from(placement);
  linear[3] = linear[7] = linear[11] = 0;
  return linear;
}

/** Sets a rotation placement on `node` as its rotation and translation. */
function placeNode(node: Node, placement: Affine): void {
  const q = new Float64Array(4);
  quaternionFromAffine(placement, q);
  node.setRotation([q[0]!, q[1]!, q[2]!, q[3]!]);
  node.setTranslation([placement[3]!, placement[7]!, placement[11]!]);
}

/** The colouring of a mesh by scalar `param`: its range, colour map, and the colours of frame `first`. */
interface Colouring {
  readonly param: number;
  readonly min: number;
  readonly max: number;
  readonly lut: Uint8Array;
  readonly base: Float32Array;
}

function colourOf(
  m: MeshAnimation,
  param: number,
  used: Uint32Array,
  first: number,
  s: MeshBodySettings,
): Colouring {
  let { min, max } = scalarRange(m, param);
  if (!(min <= max)) min = max = 0;
  const lut = colormap(s.colormap);
  const base = new Float32Array(used.length * 3);
  const values = new Float32Array(used.length);
  gather(scalarAt(m, param, first), used, values);
  mapScalars(values, min, max, lut, base, used.length);
  return { param, min, max, lut, base };
}

/** A mesh body being given morph targets. */
interface MorphBody {
  readonly g: GltfBuilder;
  readonly name: string;
  readonly m: MeshAnimation;
  readonly used: Uint32Array;
  readonly prim: Primitive;
  readonly mesh: Mesh;
  readonly meshNode: Node;
}

/**
 * One morph target per frame of `frames`: POSITION deltas (exaggerated, through
 * the placement's linear part when it is baked in) when `motion` is given,
 * COLOR_0 deltas when `colouring` is.
 */
function addMorphTargets(
  b: MorphBody,
  frames: Uint32Array,
  s: MeshBodySettings,
  motion: { readonly vp: number; readonly linear: Float64Array | undefined } | undefined,
  colouring: Colouring | undefined,
): void {
  const { g, name, m, used } = b;
  const vertexCount = used.length;
  const delta = new Float32Array(vertexCount * 3);
  const values = new Float32Array(vertexCount);
  const colour = new Float32Array(vertexCount * 3);
  const packed = new Int16Array(vertexCount * 3);
  for (const f of frames) {
    const target = g.doc.createPrimitiveTarget(`t=${m.times[f]}`);
    if (motion) {
      const p = vectorAt(m, motion.vp, f);
      const p0 = m.positions;
      for (let v = 0; v < vertexCount; v++) {
        const o = used[v]! * 3;
        delta[v * 3] = s.exaggeration * (p[o]! - p0[o]!);
        delta[v * 3 + 1] = s.exaggeration * (p[o + 1]! - p0[o + 1]!);
        delta[v * 3 + 2] = s.exaggeration * (p[o + 2]! - p0[o + 2]!);
      }
      if (motion.linear) applyToPoints(motion.linear, delta, delta);
      target.setAttribute("POSITION", g.accessor(`${name}/dp${f}`, "VEC3", delta.slice()));
    }
    if (colouring) {
      gather(scalarAt(m, colouring.param, f), used, values);
      mapScalars(values, colouring.min, colouring.max, colouring.lut, colour, vertexCount);
      // Colour deltas in [−1, 1] as normalized 16-bit integers: half the bytes of floats.
      for (let c = 0; c < colour.length; c++) {
        packed[c] = Math.round((colour[c]! - colouring.base[c]!) * 32767);
      }
      const accessor = g.accessor(`${name}/dc${f}`, "VEC3", packed.slice());
      target.setAttribute("COLOR_0", accessor.setNormalized(true));
    }
    b.prim.addTarget(target);
    s.progress();
  }
}

/** The `weights` channel in `animation` that plays the morph targets of `frames`. */
function addWeights(
  b: MorphBody,
  frames: Uint32Array,
  s: MeshBodySettings,
  animation: Animation,
): void {
  const { g, name, m } = b;
  b.mesh.setWeights(new Array<number>(frames.length).fill(0));
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
      .setTargetNode(b.meshNode)
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
