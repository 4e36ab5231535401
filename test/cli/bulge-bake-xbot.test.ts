/**
 * Issue 19's "Done when" walked on the real character, Mixamo's X Bot from
 * the shared corpus (skipped when absent): `rig from-gltf` → bulge codes
 * given to the forearms → `bulge bake` → the Khronos validator finds no
 * error → three.js plays the clip with the forearms' bulges → nothing of
 * the original asset is lost.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import validator from "gltf-validator";
import { AnimationMixer, type Object3D, type SkinnedMesh, Vector3 } from "three";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";
import { describe, expect, it } from "vitest";
import { defaultBulgeTypes, GENERIC_BULGE } from "../../src/bulge/catalogue/default.js";
import { poseAngles } from "../../src/bulge/deform/index.js";
import {
  appendAccessor,
  type BakedDriver,
  type GlbParts,
  GltfSkinDeformer,
  joinGlb,
  readGltf,
  splitGlb,
} from "../../src/bulge/gltf/index.js";
import { readRig, writeRig } from "../../src/bulge/rig/index.js";
import { qmul, quat } from "../bulge/gltf-character.js";
import { cli, corpusFile } from "../helpers.js";

type Q = [number, number, number, number];

const xbot = corpusFile("characters/Xbot.glb");

/** Loads a .glb with three.js's GLTFLoader (no WebGL needed to pose on the CPU). */
function load(glb: Uint8Array) {
  const ab = glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength) as ArrayBuffer;
  return new Promise<Awaited<ReturnType<GLTFLoader["parseAsync"]>>>((ok, fail) =>
    new GLTFLoader().parse(ab, "", ok, fail),
  );
}

/** World positions of a three.js skinned mesh (morph targets, skin, node; as its shader does). */
function threePositions(mesh: SkinnedMesh): Float32Array {
  let root: Object3D = mesh;
  while (root.parent) root = root.parent;
  root.updateMatrixWorld(true);
  mesh.skeleton.update();
  const n = mesh.geometry.getAttribute("position").count;
  const out = new Float32Array(n * 3);
  const v = new Vector3();
  for (let i = 0; i < n; i++) {
    mesh.getVertexPosition(i, v);
    v.applyMatrix4(mesh.matrixWorld);
    out.set([v.x, v.y, v.z], i * 3);
  }
  return out;
}

const maxDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i]! - b[i]!));
  return d;
};

/** The diagonal of the points' bounding box. */
function sizeOf(p: ArrayLike<number>): number {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++) {
    lo[i % 3] = Math.min(lo[i % 3]!, p[i]!);
    hi[i % 3] = Math.max(hi[i % 3]!, p[i]!);
  }
  return Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!);
}

// biome-ignore lint/suspicious/noExplicitAny: a glTF JSON, compared member by member
type Json = Record<string, any>;

/** The baked JSON with what the bake appends taken away again (decision 263). */
function withoutBake(after: Json, before: Json, mesh: number): Json {
  const a = structuredClone(after);
  for (const key of ["accessors", "bufferViews"]) a[key] = a[key].slice(0, before[key].length);
  a.buffers[0].byteLength = before.buffers[0].byteLength;
  const m = a.meshes[mesh];
  for (const p of m.primitives) delete p.targets;
  delete m.weights;
  delete m.extras;
  a.animations.forEach((clip: Json, k: number) => {
    clip.samplers = clip.samplers.slice(0, before.animations[k].samplers.length);
    clip.channels = clip.channels.slice(0, before.animations[k].channels.length);
  });
  return a;
}

const FOREARMS = ["mixamorig:LeftForeArm", "mixamorig:RightForeArm"];

/**
 * The X Bot with a clip "Flex" appended (its own clip holds the forearms
 * still): both forearms turn 0 → 45° → 90° about their local +X, the flex
 * axis `rig from-gltf` gives them, over a second. The JSON is only appended
 * to and the binary chunk only grows, as a bake does.
 */
function withFlexClip(glb: Uint8Array): Uint8Array {
  const parts = splitGlb(glb) as GlbParts;
  const times = appendAccessor(parts, Float32Array.of(0, 0.5, 1), "SCALAR", true);
  const nodes = parts.json.nodes as Json[];
  const channels: Json[] = [];
  const samplers: Json[] = [];
  for (const name of FOREARMS) {
    const node = nodes.findIndex((n) => n.name === name);
    const rest = (nodes[node]!.rotation ?? [0, 0, 0, 1]) as number[];
    const keys = Float32Array.from([0, 45, 90].flatMap((a) => qmul(rest as Q, quat([1, 0, 0], a))));
    // appendAccessor writes floats as SCALAR or VEC3; these are 3 rotations of 4.
    const at = appendAccessor(parts, keys, "SCALAR", false);
    Object.assign(parts.json.accessors![at]!, { count: 3, type: "VEC4" });
    samplers.push({ input: times, output: at, interpolation: "LINEAR" });
    channels.push({ sampler: samplers.length - 1, target: { node, path: "rotation" } });
  }
  parts.json.animations!.push({ name: "Flex", channels, samplers });
  return joinGlb(parts);
}

describe("the X Bot through rig from-gltf, bulge codes and bulge bake (issue 19, done when)", () => {
  // decision 321, decision 322
  it.skipIf(!xbot)(
    "bakes forearm bulges the validator accepts, three.js plays, and loses nothing",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "bake-xbot-"));
      try {
        const input = withFlexClip(new Uint8Array(readFileSync(xbot!)));
        writeFileSync(join(dir, "Xbot.glb"), input);
        mkdirSync(join(dir, "misc_data"));
        writeFileSync(join(dir, "misc_data", "bulge_types"), defaultBulgeTypes());
        const made = await cli(["rig", "from-gltf", "Xbot.glb", "-o", "x.rig.json"], dir);
        expect(made.code, made.err).toBe(0);
        // The user's edit: the manual's Generic (code 5) on both forearms, full at 90°.
        const rig = readRig(readFileSync(join(dir, "x.rig.json"), "utf8")).model!;
        const forearms = FOREARMS;
        for (const j of rig.joints)
          if (forearms.includes(j.name)) j.bulge = { code: 5, fullAngle: 90, scale: 1 };
        writeFileSync(join(dir, "x.rig.json"), writeRig(rig));
        const baked = await cli(
          [
            "bulge",
            "bake",
            "Xbot.glb",
            "--rig",
            "x.rig.json",
            "--mesh-name",
            "Beta_Surface",
            "-o",
            "baked.glb",
          ],
          dir,
        );
        expect(baked.code, baked.err).toBe(0);
        expect(baked.err).toContain("2 morph targets");
        const out = new Uint8Array(readFileSync(join(dir, "baked.glb")));

        // The Khronos validator: no error, and the X Bot's own warnings, no more, no fewer.
        const report = await validator.validateBytes(new Uint8Array(out));
        expect(report.issues.messages.filter((m) => m.severity === 0)).toEqual([]);
        expect(report.info.hasMorphTargets).toBe(true);
        const warnings = (r: typeof report) =>
          r.issues.messages.filter((m) => m.severity === 1).map((m) => `${m.code} ${m.pointer}`);
        const own = await validator.validateBytes(new Uint8Array(input));
        expect(warnings(report)).toEqual(warnings(own));
        expect(warnings(own).map((w) => w.split(" ")[0])).toEqual([
          "NODE_SKINNED_MESH_NON_ROOT",
          "NODE_SKINNED_MESH_NON_ROOT",
        ]);

        // three.js plays the clip with the forearms' bulges.
        const gltf = await load(out);
        const before = splitGlb(input) as Exclude<ReturnType<typeof splitGlb>, string>;
        const after = splitGlb(out) as Exclude<ReturnType<typeof splitGlb>, string>;
        const index = after.json.meshes!.findIndex((m) => m.name === "Beta_Surface");
        const drivers = (after.json.meshes![index]!.extras as { deformaBulges: BakedDriver[] })
          .deformaBulges;
        expect(drivers.map((d) => d.joint).sort()).toEqual(forearms);
        let surface: SkinnedMesh | undefined;
        gltf.scene.traverse((o) => {
          if ((o as SkinnedMesh).isSkinnedMesh && o.name === "Beta_Surface")
            surface = o as SkinnedMesh;
        });
        // Both clips carry a weights track; X Bot's own holds the forearms still, so its weights stay 0.
        for (const clip of gltf.animations)
          expect(clip.tracks.some((t) => t.name.endsWith(".morphTargetInfluences"))).toBe(true);
        const peaks = gltf.animations.map((clip) => {
          const mixer = new AnimationMixer(gltf.scene);
          mixer.clipAction(clip).play();
          const peak = drivers.map(() => 0);
          for (let k = 0; k < 24; k++) {
            mixer.setTime((clip.duration * k) / 24);
            drivers.forEach((d, i) => {
              peak[i] = Math.max(peak[i]!, surface!.morphTargetInfluences![d.target]!);
            });
          }
          mixer.stopAllAction();
          mixer.uncacheRoot(gltf.scene);
          return [clip.name, peak.map((p) => Number(p.toFixed(3)))];
        });
        // Flex's last sample (23/24 s) plays the channel's line between its keys at 0.5 s (0.5) and 1 s (1).
        expect(peaks).toEqual([
          ["Armature|mixamo.com|Layer0", [0, 0]],
          ["Flex", [0.958, 0.958]],
        ]);

        // At Flex's key of 0.5 s (both forearms at 45°) three.js's skinned + morphed surface is bulge apply's.
        const flex = gltf.animations.find((c) => c.name === "Flex")!;
        const mixer = new AnimationMixer(gltf.scene);
        mixer.clipAction(flex).play();
        mixer.setTime(0.5);
        const asset = (await readGltf(input)).model!;
        const mesh = asset.meshes.find((m) => m.name === "Beta_Surface")!;
        const deformer = new GltfSkinDeformer(rig, [GENERIC_BULGE], asset, mesh);
        const pose = Object.fromEntries(forearms.map((f) => [f, 45]));
        const want = deformer.deform(poseAngles(rig, pose).angles);
        const got = threePositions(surface!);
        expect(maxDiff(got, want)).toBeLessThan(1e-5 * sizeOf(deformer.rest));
        // The bulge is there: without it the surface is elsewhere by more than the tolerance.
        const flat = new GltfSkinDeformer(rig, [], asset, mesh).deform(
          poseAngles(rig, pose).angles,
        );
        expect(maxDiff(got, flat)).toBeGreaterThan(1e-3 * sizeOf(deformer.rest));

        // Nothing lost: the binary chunk keeps its bytes, the JSON only grew.
        expect(after.bin.subarray(0, before.bin.length)).toEqual(before.bin);
        expect(withoutBake(after.json, before.json, index)).toEqual(before.json);
        for (const key of ["meshes", "materials", "skins", "animations", "nodes", "scenes"])
          expect((after.json[key] as unknown[]).length, key).toBe(
            (before.json[key] as unknown[]).length,
          );
        expect(after.json.extensionsUsed).toEqual(["KHR_materials_specular"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
