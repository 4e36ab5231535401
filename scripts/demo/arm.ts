/**
 * The demo's rigged arm, procedural: a closed tube along +x from the
 * shoulder (x = 0) to the wrist, its radius tapering with a slight elbow
 * narrowing, capped at both ends; and its rig (shoulder and elbow joints;
 * the elbow's bulge attribute references code 5, "Generic", and shapes the
 * upper arm). Metres; y is up, the elbow flexes about +z (the forearm rises
 * toward +y), so angle 0 around the upper arm (+y) is the biceps side.
 */
import { defaultBulgeTypes } from "../../src/bulge/catalogue/default.js";
import { triangleMesh } from "../../src/bulge/mesh/model.js";
import { writeObj } from "../../src/bulge/mesh/write-obj.js";
import type { Rig } from "../../src/bulge/rig/model.js";
import { writeRig } from "../../src/bulge/rig/write.js";

/** A triangle mesh: x, y, z per vertex and three vertex indices per triangle. */
export interface ArmMesh {
  positions: Float32Array;
  triangles: Uint32Array;
}

/** Length of the upper arm and forearm bones (m). */
export const UPPER_ARM = 0.3;
export const FOREARM = 0.26;

/** The arm's radius (m) at distance `x` from the shoulder. */
function radiusAt(x: number): number {
  const total = UPPER_ARM + FOREARM;
  const t = Math.min(Math.max(x / total, 0), 1);
  const elbow = Math.exp(-(((x - UPPER_ARM) / 0.04) ** 2));
  return 0.045 - 0.018 * t - 0.004 * elbow;
}

/**
 * The arm tube with `rings` rings of `around` vertices from x = 0 to the
 * wrist, plus one pole vertex at each end: `rings·around + 2` vertices.
 */
export function armMesh(rings = 64, around = 48): ArmMesh {
  const total = UPPER_ARM + FOREARM;
  const n = rings * around + 2;
  const positions = new Float32Array(n * 3);
  for (let r = 0; r < rings; r++) {
    const x = (total * r) / (rings - 1);
    const radius = radiusAt(x);
    for (let a = 0; a < around; a++) {
      const phi = (2 * Math.PI * a) / around;
      const o = (r * around + a) * 3;
      positions[o] = x;
      positions[o + 1] = radius * Math.cos(phi);
      positions[o + 2] = radius * Math.sin(phi);
    }
  }
  const start = rings * around;
  positions.set([-0.01, 0, 0], start * 3);
  positions.set([total + 0.01, 0, 0], (start + 1) * 3);
  const triangles = new Uint32Array(((rings - 1) * around * 2 + 2 * around) * 3);
  let t = 0;
  for (let r = 0; r + 1 < rings; r++) {
    for (let a = 0; a < around; a++) {
      const b = (a + 1) % around;
      const p = r * around;
      const q = p + around;
      triangles.set([p + a, p + b, q + b, p + a, q + b, q + a], t);
      t += 6;
    }
  }
  const last = (rings - 1) * around;
  for (let a = 0; a < around; a++) {
    const b = (a + 1) % around;
    triangles.set([start, b, a], t);
    triangles.set([start + 1, last + a, last + b], t + 3);
    t += 6;
  }
  return { positions, triangles };
}

/** The arm's rig: the shoulder's bone is the upper arm, the elbow's the forearm. */
export function armRig(mesh = "arm.obj"): Rig {
  return {
    version: 1,
    mesh,
    joints: [
      {
        name: "shoulder",
        parent: null,
        head: [0, 0, 0],
        tail: [UPPER_ARM, 0, 0],
        axis: [0, 1, 0],
        radius: 0.08,
        flexAxis: [0, 0, 1],
      },
      {
        name: "elbow",
        parent: "shoulder",
        head: [UPPER_ARM, 0, 0],
        tail: [UPPER_ARM + FOREARM, 0, 0],
        axis: [0, 1, 0],
        radius: 0.06,
        flexAxis: [0, 0, 1],
        bulge: { code: 5, fullAngle: 120, scale: 0.5 },
      },
    ],
  };
}

/** File names of the bulge demo, relative to the demo folder. */
export const ArmFiles = {
  mesh: "arm.obj",
  rig: "arm.rig.json",
  catalogue: "misc_data/bulge_types",
} as const;

/**
 * The bulge demo's files: the arm mesh (OBJ), its rig and the default
 * catalogue (whose "Generic" code 5 the elbow references). Same bytes every run.
 */
export function buildArmFiles(): Map<string, string> {
  const arm = armMesh();
  return new Map([
    [
      ArmFiles.mesh,
      writeObj(
        triangleMesh(arm.positions, arm.triangles),
        "deforma demo arm (scripts/demo/arm.ts)",
      ),
    ],
    [ArmFiles.rig, writeRig(armRig(ArmFiles.mesh))],
    [ArmFiles.catalogue, defaultBulgeTypes()],
  ]);
}
