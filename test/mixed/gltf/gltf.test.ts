import { type Node, WebIO } from "@gltf-transform/core";
import validator from "gltf-validator";
import { describe, expect, it } from "vitest";
import { colormap, mapScalars } from "../../../src/core/colormap.js";
import { scalarAt, vectorAt } from "../../../src/mixed/agr/index.js";
import { scalarRange } from "../../../src/mixed/agr/info.js";
import { exportGltf } from "../../../src/mixed/gltf/index.js";
import { rigidMesh } from "../../../src/mixed/sample/index.js";
import { demoScene, singleMeshScene } from "../export-helpers.js";

async function validate(glb: Uint8Array) {
  const report = await validator.validateBytes(new Uint8Array(glb));
  const errors = report.issues.messages.filter((m) => m.severity === 0);
  return { report, errors };
}

describe("exportGltf", () => {
  it("writes a demo .glb the Khronos validator accepts: zero errors, animations, morph targets", async () => {
    const { scene } = await demoScene();
    const glb = await exportGltf(scene);
    const { report, errors } = await validate(glb);
    expect(errors).toEqual([]);
    expect(report.issues.numErrors).toBe(0);
    console.info(
      `glTF validator: ${report.issues.numErrors} errors, ${report.issues.numWarnings} warnings, ${glb.length} bytes`,
    );
    expect(report.info.animationCount).toBe(1);
    expect(report.info.hasMorphTargets).toBe(true);

    const doc = await new WebIO().readBinary(glb);
    const [animation] = doc.getRoot().listAnimations();
    expect(animation!.listChannels().length).toBeGreaterThan(0);
    const paths = new Set(animation!.listChannels().map((c) => c.getTargetPath()));
    expect(paths).toEqual(new Set(["translation", "rotation", "weights"]));
    // Five bodies at the top; the rod's mesh on a child node, one morph target per .agr frame.
    const top = doc.getRoot().getDefaultScene()!.listChildren();
    expect(top.map((n) => n.getName())).toEqual(scene.bodies.map((b) => b.name));
    const rodNode = top.find((n) => n.getName() === "connecting_rod")!;
    const rodMesh = rodNode.listChildren()[0]!.getMesh()!;
    const prim = rodMesh.listPrimitives()[0]!;
    const rod = scene.bodies.find((b) => b.name === "connecting_rod")!.variants[0]!;
    expect(prim.listTargets()).toHaveLength(rod.animation!.times.length);
    // Vertex 0 is the first surface node: base = initial coordinates, base + delta k = frame k.
    const node = rod.surface[0]!;
    const base = prim.getAttribute("POSITION")!.getElement(0, []);
    const p0 = rod.animation!.positions;
    expect(base).toEqual([p0[3 * node], p0[3 * node + 1], p0[3 * node + 2]]);
    for (const k of [0, 7, 60]) {
      const d = prim.listTargets()[k]!.getAttribute("POSITION")!.getElement(0, []);
      const pk = vectorAt(rod.animation!, 0, k);
      for (let c = 0; c < 3; c++) expect(base[c]! + d[c]!).toBeCloseTo(pk[3 * node + c]!, 6);
    }
  });

  it("colours a mesh by its scalar: COLOR_0 at the first frame, morph colour deltas to each frame", async () => {
    const { scene } = await demoScene();
    const doc = await new WebIO().readBinary(await exportGltf(scene));
    const prim = doc
      .getRoot()
      .listNodes()
      .find((n: Node) => n.getName() === "connecting_rod/mesh")!
      .getMesh()!
      .listPrimitives()[0]!;
    const rod = scene.bodies.find((b) => b.name === "connecting_rod")!.variants[0]!;
    const m = rod.animation!;
    const param = rod.ref.scalarParam;
    expect(m.scalars[param]!.varying).toBe(true);
    const { min, max } = scalarRange(m, param);
    const node = rod.surface[0]!;
    /** The colour of vertex 0 (the first surface node) at frame k. */
    const colourAt = (k: number) => {
      const out = [0, 0, 0];
      mapScalars([scalarAt(m, param, k)[node]!], min, max, colormap("viridis"), out, 1);
      return out;
    };
    const base = prim.getAttribute("COLOR_0")!.getElement(0, []);
    const first = colourAt(0);
    for (let i = 0; i < 3; i++) expect(base[i]).toBeCloseTo(first[i]!, 5);
    for (const k of [7, 60]) {
      const target = prim.listTargets()[k]!.getAttribute("COLOR_0")!;
      expect(target.getNormalized()).toBe(true);
      const d = target.getElement(0, []);
      // Deltas are 16-bit: within 1/32767 of the exact colour.
      const exact = colourAt(k);
      for (let i = 0; i < 3; i++) expect(Math.abs(base[i]! + d[i]! - exact[i]!)).toBeLessThan(1e-4);
    }
  });

  it("subsamples morph frames with frameStep and keeps the last", async () => {
    const { scene } = await demoScene();
    const glb = await exportGltf(scene, { frameStep: 4 });
    expect((await validate(glb)).errors).toEqual([]);
    const doc = await new WebIO().readBinary(glb);
    const rod = doc
      .getRoot()
      .listNodes()
      .find((n: Node) => n.getName() === "connecting_rod/mesh")!;
    // 61 frames, every 4th: 0, 4, …, 60 → 16.
    expect(rod.getMesh()!.listPrimitives()[0]!.listTargets()).toHaveLength(16);
  });

  it("bakes a reflecting placement (det −1) into the vertices and still validates", async () => {
    const { folder } = await demoScene();
    const piston = folder.meshes.get("piston.agr");
    if (piston?.status !== "ok") throw new Error("piston");
    const scene = singleMeshScene(piston.model, {
      placement: [-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0.5],
    });
    const glb = await exportGltf(scene);
    expect((await validate(glb)).errors).toEqual([]);
    const doc = await new WebIO().readBinary(glb);
    const meshNode = doc
      .getRoot()
      .listNodes()
      .find((n) => n.getName() === "part/mesh")!;
    expect(meshNode.getRotation()).toEqual([0, 0, 0, 1]);
    const base = meshNode.getMesh()!.listPrimitives()[0]!.getAttribute("POSITION")!;
    const node = scene.bodies[0]!.variants[0]!.surface[0]!;
    const p = piston.model.positions;
    const v = base.getElement(0, []);
    expect(v[0]).toBeCloseTo(-p[3 * node]!, 6);
    expect(v[2]).toBeCloseTo(p[3 * node + 2]! + 0.5, 6);
  });

  it("gives rigid shapes outward normals and counter-clockwise triangles", () => {
    for (const g of [
      { kind: "box", size: [0.2, 0.1, 0.05] },
      { kind: "cylinder", radius: 0.02, length: 0.1 },
      { kind: "sphere", radius: 0.03 },
    ] as const) {
      const m = rigidMesh(g)!;
      const { positions: p, normals: n, indices: t } = m;
      for (let k = 0; k < t.length; k += 3) {
        const [a, b, c] = [t[k]! * 3, t[k + 1]! * 3, t[k + 2]! * 3];
        const e1 = [p[b]! - p[a]!, p[b + 1]! - p[a + 1]!, p[b + 2]! - p[a + 2]!];
        const e2 = [p[c]! - p[a]!, p[c + 1]! - p[a + 1]!, p[c + 2]! - p[a + 2]!];
        const cross = [
          e1[1]! * e2[2]! - e1[2]! * e2[1]!,
          e1[2]! * e2[0]! - e1[0]! * e2[2]!,
          e1[0]! * e2[1]! - e1[1]! * e2[0]!,
        ];
        const area = Math.hypot(...cross);
        expect(area, `${g.kind} triangle ${k / 3} degenerate`).toBeGreaterThan(0);
        // Face normal agrees with the vertex normal and points away from the centre.
        const dot = cross[0]! * n[a]! + cross[1]! * n[a + 1]! + cross[2]! * n[a + 2]!;
        expect(dot, `${g.kind} triangle ${k / 3}`).toBeGreaterThan(0);
        const out = cross[0]! * p[a]! + cross[1]! * p[a + 1]! + cross[2]! * p[a + 2]!;
        expect(out, `${g.kind} triangle ${k / 3} faces inwards`).toBeGreaterThan(0);
      }
    }
    expect(rigidMesh({ kind: "none" })).toBeNull();
  });
});

describe("morph target cap", () => {
  // decision 127
  it("thins long animations to at most MAX_MORPH_TARGETS targets, keeping the last frame", async () => {
    const { MAX_MORPH_TARGETS, morphStep } = await import("../../../src/mixed/gltf/morph.js");
    const { thinIndices } = await import("../../../src/mixed/sample/frames.js");
    for (const frames of [1, 2, 255, 256, 257, 1000, 10_000]) {
      const kept = thinIndices(frames, morphStep(frames, 1));
      expect(kept.length).toBeLessThanOrEqual(MAX_MORPH_TARGETS);
      expect(kept[kept.length - 1]).toBe(frames - 1);
      if (frames <= MAX_MORPH_TARGETS - 1) expect(kept.length).toBe(frames);
    }
  });
});

describe("exportGltf over the model's time span", () => {
  // decision 11
  it("a mesh whose frames run past the .amb's end is cut at the end, blended there, not stretched", async () => {
    const { scene } = await demoScene();
    const rod = scene.bodies.find((b) => b.name === "connecting_rod")!.variants[0]!;
    const m = rod.animation!;
    // The rod's frames twice as slow: half of them lie past the model's end.
    (m as { times: Float64Array }).times = Float64Array.from(
      m.times,
      (t) => scene.start + 2 * (t - scene.start),
    );
    const glb = await exportGltf(scene);
    expect((await validate(glb)).errors).toEqual([]);
    const doc = await new WebIO().readBinary(glb);
    const [animation] = doc.getRoot().listAnimations();
    const duration = scene.end - Math.min(0, scene.start);
    for (const s of animation!.listSamplers()) {
      const input = s.getInput()!.getArray()!;
      expect(input[input.length - 1]!).toBeCloseTo(duration, 5);
    }
    // At the end, the weights blend the two frames around the model's end time.
    const weights = animation!
      .listChannels()
      .find((c) => c.getTargetPath() === "weights")!
      .getSampler()!;
    const out = weights.getOutput()!.getArray()!;
    const targets = out.length / weights.getInput()!.getArray()!.length;
    const last = Array.from(out.slice(out.length - targets) as ArrayLike<number>);
    const nonZero = last.flatMap((w, k) => (w > 1e-6 ? [k] : []));
    expect(nonZero.length).toBeGreaterThanOrEqual(1);
    expect(nonZero.length).toBeLessThanOrEqual(2);
    expect(last.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    // Only the frames the span needs are targets: about half of them.
    expect(targets).toBeLessThan(m.times.length * 0.6);
  });
});
