/**
 * A test-only page (bake-three.browser.test.ts serves it through Playwright
 * routes, with three.js from node_modules and the baked file as bytes): it
 * loads `/baked.glb` with three.js's GLTFLoader and exposes `window.bake` to
 * pose the skinned mesh named by `?mesh=` and read its skinned + morphed
 * world positions, as three.js's skinning shader computes them.
 */
import { AnimationMixer, LoopOnce, Quaternion, Vector3 } from "three";
import { GLTFLoader } from "three/addons/loaders/GLTFLoader.js";

const name = new URLSearchParams(location.search).get("mesh") ?? "Body";
const gltf = await new GLTFLoader().loadAsync("/baked.glb");
let body;
gltf.scene.traverse((o) => {
  if (o.isSkinnedMesh && o.name === name) body = o;
});
const meshIndex =
  gltf.parser.associations.get(body)?.meshes ??
  gltf.parser.json.meshes.findIndex((m) => m.name === name);
const drivers = gltf.parser.json.meshes[meshIndex]?.extras?.deformaBulges ?? [];
const bones = await Promise.all(drivers.map((d) => gltf.parser.getDependency("node", d.node)));
let mixer;

/** World positions of the mesh: morph targets, then the skin, then its node (flat x, y, z). */
function positions() {
  gltf.scene.updateMatrixWorld(true);
  body.skeleton.update();
  const n = body.geometry.getAttribute("position").count;
  const out = new Array(n * 3);
  const v = new Vector3();
  for (let i = 0; i < n; i++) {
    body.getVertexPosition(i, v);
    v.applyMatrix4(body.matrixWorld);
    out[i * 3] = v.x;
    out[i * 3 + 1] = v.y;
    out[i * 3 + 2] = v.z;
  }
  return out;
}

window.bake = {
  /** The mesh's drivers (its extras) and the clips' names and tracks. */
  info: () => ({
    drivers,
    clips: gltf.animations.map((c) => ({
      name: c.name,
      duration: c.duration,
      tracks: c.tracks.map((t) => t.name),
    })),
  }),
  /** Each driver's bone turned `degrees[k]` about its axis from its rest, its target at `weights[k]`. */
  pose(degrees, weights) {
    drivers.forEach((d, k) => {
      const turn = new Quaternion().setFromAxisAngle(
        new Vector3(...d.axis),
        (degrees[k] * Math.PI) / 180,
      );
      bones[k].quaternion.set(...d.rest).multiply(turn);
      body.morphTargetInfluences[d.target] = weights[k];
    });
    return positions();
  },
  /** The clip `clip` played to time `t`: positions, morph weights and the drivers' rotations. */
  at(clip, t) {
    if (!mixer) {
      mixer = new AnimationMixer(gltf.scene);
      // Played once and held at its end, so the clip's last key is reached, not wrapped to 0.
      const action = mixer.clipAction(gltf.animations[clip]);
      action.setLoop(LoopOnce, 1);
      action.clampWhenFinished = true;
      action.play();
    }
    mixer.setTime(t);
    return {
      positions: positions(),
      weights: [...body.morphTargetInfluences],
      rotations: bones.map((b) => b.quaternion.toArray()),
    };
  },
};
document.body.dataset.state = body ? "ready" : "no-mesh";
