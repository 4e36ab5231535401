import { describe, expect, it } from "vitest";
import { colormap } from "../../src/core/colormap.js";
import { quaternionFromAffine, slerpFlat } from "../../src/core/quaternion.js";
import type { MeshAnimation } from "../../src/mixed/agr/index.js";
import type { MbsAnimation } from "../../src/mixed/amb/index.js";
import { readAmx } from "../../src/mixed/amx/index.js";
import type { MixedFolder } from "../../src/mixed/load/index.js";
import { buildMixedScene, FrameArena, MixedSampler } from "../../src/mixed/sample/index.js";

/** Rotation by `deg` degrees about z, shifted by (tx, ty, tz). */
function rotZ(deg: number, tx = 0, ty = 0, tz = 0): number[] {
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [c, -s, 0, tx, s, c, 0, ty, 0, 0, 1, tz];
}

/** Body 7 turns 90° about z between t = 0 and t = 2 while moving from x = 0 to x = 4. */
const MBS: MbsAnimation = {
  bodies: [{ number: 7, name: "arm", geometry: { kind: "none" } }],
  times: Float64Array.of(0, 2),
  matrices: Float64Array.of(...rotZ(0), ...rotZ(90, 4, 0, 0)),
};

/** Two nodes; frames at t = 0 and t = 1; node 1 moves +0.2 in y; scalars 10 → 30. */
const MESH: MeshAnimation = {
  type: 1,
  nodeCount: 2,
  positions: Float32Array.of(0, 0, 0, 1, 0, 0),
  cellTypes: new Uint8Array(0),
  connectivity: new Uint32Array(0),
  scalars: [{ name: "displacement", unit: "m", varying: true }],
  vectors: [{ name: "coordinates", unit: "m", varying: true }],
  times: Float64Array.of(0, 1),
  scalarValues: [Float32Array.of(0, 10, 0, 30)],
  vectorValues: [Float32Array.of(0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0.25, 0)],
};

// Mesh → body: shift by (0, 0, 0.5).
const AMX = "m.amb\n1\n7 1 0\n1 0 0 arm.agr\n1 0 0 0\n0 1 0 0\n0 0 1 0.5\n";

function scene(mesh: MeshAnimation = MESH) {
  const folder: MixedFolder = {
    amx: readAmx(AMX),
    mbs: { status: "ok", model: MBS },
    meshes: new Map([["arm.agr", { status: "ok", model: mesh }]]),
    report: [],
  };
  const s = buildMixedScene(folder);
  if (!s) throw new Error("no scene");
  return s;
}

describe("rigid interpolation", () => {
  // decision 12
  it("slerp at the midpoint of a 90° turn is the 45° rotation, not a matrix lerp", () => {
    const q = new Float64Array(8);
    quaternionFromAffine(rotZ(0), q, 0);
    quaternionFromAffine(rotZ(90), q, 4);
    const mid = new Float64Array(4);
    slerpFlat(q, 0, q, 4, 0.5, mid);
    const half = Math.PI / 8;
    expect(mid[2]).toBeCloseTo(Math.sin(half), 12);
    expect(mid[3]).toBeCloseTo(Math.cos(half), 12);
    const m = new Float64Array(12);
    const sampler = new MixedSampler(scene());
    sampler.setTime(1);
    sampler.bodyMatrix(0, m);
    const c = Math.SQRT1_2;
    const expected = [c, -c, 0, 2, c, c, 0, 0, 0, 0, 1, 0];
    for (let i = 0; i < 12; i++) expect(m[i]).toBeCloseTo(expected[i]!, 12);
    // A matrix lerp would give 0.5 on the diagonal: a shrunken, non-rigid matrix.
    expect(m[0]).not.toBeCloseTo(0.5, 3);
  });
});

describe("mesh sampling", () => {
  it("world coordinates of a node between frames, computed by hand", () => {
    const s = scene();
    const sampler = new MixedSampler(s);
    const variant = s.bodies[0]!.variants[0]!;
    sampler.setTime(0.5);
    const out = new Float32Array(6);
    sampler.worldPositions(0, variant, out);
    // Mesh frame: node 1 at (1, 0.125, 0) (half-way to 0.25); body frame: + (0, 0, 0.5) → (1, 0.125, 0.5).
    // M(0.5): 22.5° about z, shift (1, 0, 0): x = cos·1 − sin·0.125 + 1, y = sin·1 + cos·0.125.
    const a = Math.PI / 8;
    expect(out[3]).toBeCloseTo(Math.cos(a) - Math.sin(a) * 0.125 + 1, 6);
    expect(out[4]).toBeCloseTo(Math.sin(a) + Math.cos(a) * 0.125, 6);
    expect(out[5]).toBeCloseTo(0.5, 6);
  });

  // decisions 12 and 13
  it("scalars interpolate linearly; exaggeration warps by the displacement", () => {
    const s = scene();
    const sampler = new MixedSampler(s);
    const variant = s.bodies[0]!.variants[0]!;
    sampler.setTime(0.25);
    expect([...sampler.scalars(variant, new Float32Array(2))]).toEqual([0, 15]);
    const local = sampler.meshPositions(variant, new Float32Array(6), { exaggeration: 10 });
    expect(local[4]).toBeCloseTo(0.0625 * 10, 6);
    sampler.setTime(5);
    expect([...sampler.scalars(variant, new Float32Array(2))]).toEqual([0, 30]);
  });

  it("a rigid body has no variants; the mesh body has its .amx variant and a surface", () => {
    const s = scene();
    expect(s.bodies[0]!.variantInUse).toBe(0);
    expect(s.start).toBe(0);
    expect(s.end).toBe(2);
  });
});

describe("probe values", () => {
  it("nodeScalar equals the full interpolation at one node", () => {
    const s = scene();
    const sampler = new MixedSampler(s);
    const variant = s.bodies[0]!.variants[0]!;
    sampler.setTime(0.3);
    const all = sampler.scalars(variant, new Float32Array(2));
    expect(sampler.nodeScalar(variant, 1)).toBeCloseTo(all[1]!, 6);
    expect(sampler.nodeScalar(variant, 5)).toBeNaN();
  });
});

describe("edge cases", () => {
  // decision 18
  it("on a frame the placement is the file's matrix exactly, even a non-rotation", () => {
    const mirrored: MbsAnimation = {
      ...MBS,
      matrices: Float64Array.of(1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, ...rotZ(90, 4, 0, 0)),
    };
    const folder: MixedFolder = {
      amx: readAmx(AMX),
      mbs: { status: "ok", model: mirrored },
      meshes: new Map([["arm.agr", { status: "ok", model: MESH }]]),
      report: [],
    };
    const sampler = new MixedSampler(buildMixedScene(folder)!);
    sampler.setTime(0);
    expect([...sampler.bodyMatrix(0, new Float64Array(12))]).toEqual([
      1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0,
    ]);
  });

  it("no scene without .amb frames; a frameless .agr counts as missing", () => {
    const empty: MixedFolder = {
      amx: readAmx(AMX),
      mbs: {
        status: "ok",
        model: { ...MBS, times: new Float64Array(0), matrices: new Float64Array(0) },
      },
      meshes: new Map(),
      report: [],
    };
    expect(buildMixedScene(empty)).toBeUndefined();
    const noFrames: MixedFolder = {
      amx: readAmx(AMX),
      mbs: { status: "ok", model: MBS },
      meshes: new Map([
        ["arm.agr", { status: "ok", model: { ...MESH, times: new Float64Array(0) } }],
      ]),
      report: [],
    };
    expect(buildMixedScene(noFrames)!.bodies[0]!.variants[0]!.animation).toBeNull();
  });
});

describe("MixedSampler with a FrameArena", () => {
  it("samples exactly what the JavaScript kernels sample, at every time and exaggeration", () => {
    const arena = FrameArena.create()!;
    const s = scene();
    const sa = scene(arena.adoptMesh(MESH));
    const variant = s.bodies[0]!.variants[0]!;
    const adopted = sa.bodies[0]!.variants[0]!;
    const js = new MixedSampler(s);
    const wasm = new MixedSampler(sa, arena);
    const lut = colormap("plasma");
    const take = (n: number) => arena.float32(n)!;
    for (const t of [-1, 0, 0.25, 0.5, 0.99, 1, 1.5, 2, 3]) {
      js.setTime(t);
      wasm.setTime(t);
      for (const exaggeration of [1, 10]) {
        const a = js.worldPositions(0, variant, new Float32Array(6), { exaggeration });
        const b = wasm.worldPositions(0, adopted, take(6), { exaggeration });
        expect(Array.from(b)).toEqual(Array.from(a));
        const c = js.meshPositions(variant, new Float32Array(6), { exaggeration });
        const d = wasm.meshPositions(adopted, take(6), { exaggeration });
        expect(Array.from(d)).toEqual(Array.from(c));
      }
      const v = js.scalars(variant, new Float32Array(2));
      const w = wasm.scalars(adopted, take(2));
      expect(Array.from(w)).toEqual(Array.from(v));
      const cj = js.colours(v, 10, 30, lut, new Float32Array(6));
      const cw = wasm.colours(w, 10, 30, lut, take(6));
      expect(Array.from(cw)).toEqual(Array.from(cj));
    }
    // The adopted mesh's arrays are in the arena: the WebAssembly kernels ran.
    expect(arena.has(adopted.animation!.vectorValues[0]!)).toBe(true);
  });
});
