/**
 * Issue 19's "Done when" walked on the real character, Mixamo's X Bot from
 * the shared corpus (skipped when absent): `rig from-gltf` → bulge codes
 * given to the forearms → `bulge bake` → the Khronos validator finds no
 * error → three.js plays the clip with the forearms' bulges → nothing of
 * the original asset is lost.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import validator from "gltf-validator";
import { AnimationMixer, type Object3D, type SkinnedMesh, Vector3 } from "three";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";
import { describe, expect, it } from "vitest";
import { GENERIC_BULGE } from "../../src/bulge/catalogue/default.js";
import { poseAngles } from "../../src/bulge/deform/index.js";
import {
  type BakedDriver,
  GltfSkinDeformer,
  readGltf,
  splitGlb,
} from "../../src/bulge/gltf/index.js";
import { FOREARMS, maxDiff, sizeOf, walkXbot } from "../bulge/xbot-walk.js";
import { corpusFile } from "../helpers.js";

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

describe("the X Bot through rig from-gltf, bulge codes and bulge bake (issue 19, done when)", () => {
  // decision 268, decision 269
  it.skipIf(!xbot)(
    "bakes forearm bulges the validator accepts, three.js plays, and loses nothing",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "bake-xbot-"));
      try {
        const { input, rig, out, said } = await walkXbot(dir, xbot!);
        const forearms = FOREARMS;
        expect(said).toContain("2 morph targets");

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
    // About 3 s of CPU (15,882 vertices, a 1.8 MB file validated); a shared machine stretches it.
    180_000,
  );
});
