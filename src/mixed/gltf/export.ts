/**
 * Export of a mixed animation to one binary glTF 2.0 file (`.glb`): rigid
 * bodies as nodes with their shapes and animated translation + rotation,
 * mesh bodies as deforming, colour-mapped surfaces played by morph targets.
 * See `docs/formats/exports.md`.
 */
import { type Accessor, type Animation, type Node, WebIO } from "@gltf-transform/core";
import type { ColormapName } from "../../core/colormap.js";
import { quaternionFromAffine } from "../../core/quaternion.js";
import { type FrameOptions, sampleTimes } from "../sample/frames.js";
import { rigidMesh } from "../sample/rigid-mesh.js";
import { MixedSampler } from "../sample/sampler.js";
import type { MixedScene, SceneVariant } from "../sample/scene.js";
import { GltfBuilder } from "./builder.js";
import { addMeshBody, type MeshBodySettings } from "./mesh-body.js";
import { morphFrameCount } from "./morph.js";

/** Options of {@link exportGltf}. */
export interface GltfOptions extends FrameOptions {
  /** Colour map of the scalar fields (range: the whole animation). */
  readonly colormap?: ColormapName;
  /** Displacement exaggeration of stress-strain meshes (warp by vector). */
  readonly exaggeration?: number;
  /** Segments around cylinders and spheres. */
  readonly segments?: number;
  /** Called as frames are done (rigid key times, then morph frames): `done` of `total`. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Defaults of {@link GltfOptions}: the `.amb`'s frames, every `.agr` frame, viridis, true scale. */
export const GLTF_DEFAULTS = {
  frameStep: 1,
  colormap: "viridis",
  exaggeration: 1,
  segments: 32,
} as const;

/**
 * The `.glb` bytes of `scene`: node per body moved by its `.amb` motion
 * (sampled at the export times, LINEAR), mesh bodies with one morph target
 * per kept `.agr` frame and a `weights` channel. Times are seconds from the
 * scene's clock, shifted so none is negative.
 */
export async function exportGltf(
  scene: MixedScene,
  options: GltfOptions = {},
): Promise<Uint8Array> {
  const frameStep = options.frameStep ?? GLTF_DEFAULTS.frameStep;
  const times = sampleTimes(scene, options);
  const g = new GltfBuilder();
  const root = g.doc.createScene("mixed");
  g.doc.getRoot().setDefaultScene(root);
  const animation = g.doc.createAnimation("mixed");

  const meshBodies = scene.bodies.map((b) =>
    b.variants[b.variantInUse]?.animation ? b.variants[b.variantInUse]! : null,
  );
  // Mesh frames are played within the model's span, as the studio plays them.
  const span = [scene.start, scene.end] as const;
  const origin = clockOrigin(scene, times, meshBodies);
  const total =
    times.length +
    meshBodies.reduce((n, v) => n + (v ? morphFrameCount(v, frameStep, span) : 0), 0);
  let done = 0;
  const progress = () => options.onProgress?.(++done, total);

  const keys = rigidKeys(scene, times, progress);
  const input = Float32Array.from(times, (t) => t - origin);
  const inputAccessor = g.accessor("time", "SCALAR", input);
  const settings: MeshBodySettings = {
    frameStep,
    colormap: options.colormap ?? GLTF_DEFAULTS.colormap,
    exaggeration: options.exaggeration ?? GLTF_DEFAULTS.exaggeration,
    origin,
    span,
    progress,
  };
  const segments = options.segments ?? GLTF_DEFAULTS.segments;
  scene.bodies.forEach((body, b) => {
    const node = g.doc.createNode(body.name);
    root.addChild(node);
    node.setExtras({ body: body.number });
    addMotion(g, animation, node, keys, b, inputAccessor);
    const variant = meshBodies[b];
    if (variant) addMeshBody(g, node, body.name, variant, settings, animation);
    else addRigidShape(g, node, body, segments);
  });
  if (animation.listChannels().length === 0) animation.dispose();
  return new WebIO().writeBinary(g.doc);
}

/** The time that becomes the glTF clock's 0: the earliest export time or, without a model span, mesh frame time, when negative. */
function clockOrigin(
  scene: MixedScene,
  times: ArrayLike<number>,
  meshBodies: readonly (SceneVariant | null)[],
): number {
  let origin = Math.min(0, times[0] ?? 0);
  if (!(scene.end > scene.start))
    for (const v of meshBodies) if (v?.animation) origin = Math.min(origin, v.animation.times[0]!);
  return origin;
}

/** The rigid motion of every body at every export time: body-major keys, T per body. */
interface RigidKeys {
  readonly T: number;
  /** xyz per key. */
  readonly translations: Float32Array;
  /** Quaternion xyzw per key, each in the hemisphere of the one before. */
  readonly rotations: Float32Array;
}

/** Samples the placement of every body at each of `times`, calling `progress` after each time. */
function rigidKeys(scene: MixedScene, times: ArrayLike<number>, progress: () => void): RigidKeys {
  const bodies = scene.bodies.length;
  const T = times.length;
  const translations = new Float32Array(bodies * T * 3);
  const rotations = new Float32Array(bodies * T * 4);
  const sampler = new MixedSampler(scene);
  const m = new Float64Array(12);
  const q = new Float64Array(4);
  for (let k = 0; k < T; k++) {
    sampler.setTime(times[k]!);
    for (let b = 0; b < bodies; b++) {
      sampler.bodyMatrix(b, m);
      quaternionFromAffine(m, q);
      const r = (b * T + k) * 4;
      // Same hemisphere as the previous key, so interpolation takes the short way.
      const flip =
        k > 0 &&
        q[0]! * rotations[r - 4]! +
          q[1]! * rotations[r - 3]! +
          q[2]! * rotations[r - 2]! +
          q[3]! * rotations[r - 1]! <
          0
          ? -1
          : 1;
      for (let c = 0; c < 4; c++) rotations[r + c] = flip * q[c]!;
      const t = (b * T + k) * 3;
      translations[t] = m[3]!;
      translations[t + 1] = m[7]!;
      translations[t + 2] = m[11]!;
    }
    progress();
  }
  return { T, translations, rotations };
}

/** Body `b`'s first key as `node`'s placement and, with several keys, its translation and rotation channels. */
function addMotion(
  g: GltfBuilder,
  animation: Animation,
  node: Node,
  keys: RigidKeys,
  b: number,
  input: Accessor,
): void {
  const { T } = keys;
  const tr = keys.translations.subarray(b * T * 3, (b + 1) * T * 3);
  const ro = keys.rotations.subarray(b * T * 4, (b + 1) * T * 4);
  if (T > 0) {
    node.setTranslation([tr[0]!, tr[1]!, tr[2]!]);
    node.setRotation([ro[0]!, ro[1]!, ro[2]!, ro[3]!]);
  }
  if (T > 1) {
    channel(g, animation, node, "translation", input, tr.slice(), "VEC3");
    channel(g, animation, node, "rotation", input, ro.slice(), "VEC4");
  }
}

/** The shape of a rigid body (cylinders and spheres in `segments`), when it has one. */
function addRigidShape(
  g: GltfBuilder,
  node: Node,
  body: MixedScene["bodies"][number],
  segments: number,
): void {
  const shape = rigidMesh(body.geometry, { segments });
  if (!shape) return;
  const vertices = shape.positions.length / 3;
  const prim = g.doc
    .createPrimitive()
    .setAttribute("POSITION", g.accessor(`${body.name}/position`, "VEC3", shape.positions))
    .setAttribute("NORMAL", g.accessor(`${body.name}/normal`, "VEC3", shape.normals))
    .setIndices(g.indices(`${body.name}/indices`, shape.indices, vertices))
    .setMaterial(g.rigidMaterial());
  node.setMesh(g.doc.createMesh(body.name).addPrimitive(prim));
}

function channel(
  g: GltfBuilder,
  animation: Animation,
  node: Node,
  path: "translation" | "rotation",
  input: Accessor,
  values: Float32Array,
  type: "VEC3" | "VEC4",
): void {
  const sampler = g.doc
    .createAnimationSampler()
    .setInput(input)
    .setOutput(g.accessor(`${node.getName()}/${path}`, type, values))
    .setInterpolation("LINEAR");
  animation.addSampler(sampler);
  animation.addChannel(
    g.doc.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler),
  );
}
