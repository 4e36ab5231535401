/**
 * Bench row `mixed-frame`: one frame of a mixed scene, 10⁶ nodes — blend two
 * `.agr` frames of positions and of scalars, world transform (the body's
 * placement at t, slerped between two `.amb` frames), 256-entry colour map —
 * by `MixedSampler` (`worldPositions`, `scalars`, `colours`) with the
 * WebAssembly kernels of a `FrameArena` (the mesh read into it by
 * `readAgrFile`), against three.js doing the same work per node as an
 * application without this library would (`Vector3.lerpVectors`,
 * `applyMatrix4`, `Color` from the same 256-entry table; the matrix from
 * `Quaternion.slerp` once per frame) on its own copies of the same values.
 * Same process, interleaved rounds after a warm-up; positions agree within
 * 1e-6 and colours are equal. The note gives the JavaScript kernels' time too.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as THREE from "three";
import { colormap } from "../src/core/colormap.js";
import { writeAgrBinary } from "../src/mixed/agr/index.js";
import type { MbsAnimation } from "../src/mixed/amb/model.js";
import { readAmx } from "../src/mixed/amx/index.js";
import { buildMixedScene, FrameArena, MixedSampler } from "../src/mixed/sample/index.js";
import { readAgrFile } from "../src/node/index.js";
import { syntheticMesh } from "./fixtures.js";
import { type BenchRow, interleave, measured, median, timed } from "./harness.js";

const MIN = 0;
const MAX = 1.5e-3;

export async function mixedBench(nodes: number, rounds: number): Promise<BenchRow[]> {
  // The mesh as an application loads it for the WebAssembly kernels: a
  // binary .agr read by readAgrFile into a FrameArena (its arrays are views
  // of the arena's memory, no copy); without WebAssembly SIMD, plain arrays.
  const arena = FrameArena.create();
  const dir = mkdtempSync(join(tmpdir(), "deforma-mixed-bench-"));
  let loaded: Awaited<ReturnType<typeof readAgrFile>>;
  try {
    const file = join(dir, "m.agr");
    writeFileSync(file, writeAgrBinary(syntheticMesh(nodes, 2)));
    loaded = await readAgrFile(file, { arena });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const mesh = loaded.model!;
  // Body placement: identity at 0 s, a quarter turn about z and a shift at 0.01 s (row-major 3×4).
  const matrices = Float64Array.of(
    1,
    0,
    0,
    0,
    0,
    1,
    0,
    0,
    0,
    0,
    1,
    0,
    0,
    1,
    0,
    0.1,
    -1,
    0,
    0,
    0,
    0,
    0,
    1,
    0,
  );
  const mbs: MbsAnimation = {
    bodies: [{ number: 1, name: "body", geometry: { kind: "none" } }],
    times: Float64Array.of(0, 0.01),
    matrices,
  };
  const scene = buildMixedScene({
    amx: readAmx("m.amb\n1\n1 1 0\n1 0 0 m.agr\n1 0 0 0\n0 1 0 0\n0 0 1 0\n"),
    mbs: { status: "ok", model: mbs },
    meshes: new Map([["m.agr", { status: "ok", model: mesh }]]),
    report: [],
  })!;
  const sampler = new MixedSampler(scene, arena);
  const inJs = new MixedSampler(scene);
  const variant = scene.bodies[0]!.variants[0]!;
  const lut = colormap("viridis");
  const table = Float32Array.from(lut, (x) => x / 255);
  const frames = 8;
  const timeOf = (k: number) => ((k + 0.5) / frames) * 0.01;

  const floats = (n: number) => arena?.float32(n) ?? new Float32Array(n);
  const world = floats(nodes * 3);
  const values = floats(nodes);
  const colors = floats(nodes * 3);
  const frame = (s: MixedSampler, k: number) => {
    s.setTime(timeOf(k));
    s.worldPositions(0, variant, world);
    s.scalars(variant, values);
    s.colours(values, MIN, MAX, lut, colors);
  };
  const ours = (k: number) => frame(sampler, k);

  // three.js, the same work per node.
  const worldT = new Float32Array(nodes * 3);
  const valuesT = new Float32Array(nodes);
  const colorsT = new Float32Array(nodes * 3);
  // The peer's own copies in ordinary memory, as a three.js application holds them.
  const coords = mesh.vectorValues[0]!.slice();
  const scalars = mesh.scalarValues[0]!.slice();
  const placement = (o: number) =>
    new THREE.Matrix4().set(
      ...(Array.from(matrices.subarray(o, o + 12)) as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ]),
      0,
      0,
      0,
      1,
    );
  const m0 = placement(0);
  const m1 = placement(12);
  const p0 = new THREE.Vector3();
  const p1 = new THREE.Vector3();
  const q0 = new THREE.Quaternion();
  const q1 = new THREE.Quaternion();
  const s = new THREE.Vector3();
  m0.decompose(p0, q0, s);
  m1.decompose(p1, q1, s);
  const m = new THREE.Matrix4();
  const p = new THREE.Vector3();
  const q = new THREE.Quaternion();
  const one = new THREE.Vector3(1, 1, 1);
  const a = new THREE.Vector3();
  const b = new THREE.Vector3();
  const v = new THREE.Vector3();
  const c = new THREE.Color();
  const times = mesh.times;
  const last = 255;
  const theirs = (k: number) => {
    const t = timeOf(k);
    let i0 = 0;
    while (i0 + 1 < times.length - 1 && times[i0 + 1]! <= t) i0++;
    const i1 = i0 + 1;
    const alpha = (t - times[i0]!) / (times[i1]! - times[i0]!);
    m.compose(p.lerpVectors(p0, p1, alpha), q.slerpQuaternions(q0, q1, alpha), one);
    const o0 = i0 * nodes;
    const o1 = i1 * nodes;
    for (let i = 0; i < nodes; i++) {
      a.fromArray(coords, (o0 + i) * 3);
      b.fromArray(coords, (o1 + i) * 3);
      v.lerpVectors(a, b, alpha)
        .applyMatrix4(m)
        .toArray(worldT, i * 3);
      valuesT[i] = (1 - alpha) * scalars[o0 + i]! + alpha * scalars[o1 + i]!;
      const x = Math.round(((valuesT[i]! - MIN) / (MAX - MIN)) * last);
      c.fromArray(table, Math.min(last, Math.max(0, x)) * 3).toArray(colorsT, i * 3);
    }
  };

  // The plain loop a skilled user writes: the same placement matrix (three.js
  // once per frame), then one pass over typed arrays with no objects per node.
  const worldL = new Float32Array(nodes * 3);
  const valuesL = new Float32Array(nodes);
  const colorsL = new Float32Array(nodes * 3);
  const loop = (k: number) => {
    const t = timeOf(k);
    let i0 = 0;
    while (i0 + 1 < times.length - 1 && times[i0 + 1]! <= t) i0++;
    const alpha = (t - times[i0]!) / (times[i0 + 1]! - times[i0]!);
    m.compose(p.lerpVectors(p0, p1, alpha), q.slerpQuaternions(q0, q1, alpha), one);
    plainFrame(coords, scalars, table, m.elements, i0, alpha, nodes, worldL, valuesL, colorsL);
  };

  // The answers agree on every frame.
  let worst = 0;
  let colourDiffers = 0;
  let worstL = 0;
  let colourDiffersL = 0;
  for (let k = 0; k < frames; k++) {
    ours(k);
    theirs(k);
    loop(k);
    const t = check("mixed-frame", world, colors, worldT, colorsT, coords, nodes);
    const l = check("mixed-frame-vs-loop", world, colors, worldL, colorsL, coords, nodes);
    worst = Math.max(worst, t.worst);
    colourDiffers += t.differ;
    worstL = Math.max(worstL, l.worst);
    colourDiffersL += l.differ;
  }
  let k = 0;
  const r = await interleave(
    rounds,
    2,
    () => timed(1, () => ours(k++ % frames)),
    () => timed(1, () => theirs(k++ % frames)),
  );
  const rl = await interleave(
    rounds,
    2,
    () => timed(1, () => ours(k++ % frames)),
    () => timed(1, () => loop(k++ % frames)),
  );
  // For the note: the same frame by the JavaScript kernels.
  const js = median(Array.from({ length: 7 }, () => timed(1, () => frame(inJs, k++ % frames))));
  const kernels = `CPU sampler with ${arena ? "WebAssembly SIMD kernels" : "JavaScript kernels (no WebAssembly SIMD here)"}`;
  return [
    {
      name: "mixed-frame",
      peer: `three.js r${THREE.REVISION} per node: Vector3.lerpVectors + applyMatrix4, Color from the 256-entry map`,
      ratio: r.ratio,
      min: r.min,
      max: r.max,
      goal: 0.33,
      note: `${nodes} nodes, ${kernels} (JavaScript: ${js.toFixed(1)} ms); positions agree within ${worst.toExponential(1)}, ${colourDiffers} colour components differ (rounding at a table edge); ${r.ours.toFixed(1)} vs ${r.theirs.toFixed(1)} ms`,
      ours: r.ours,
      theirs: r.theirs,
      ...measured(r),
    },
    {
      name: "mixed-frame-vs-loop",
      peer: "a plain typed-array loop: lerp, 3×4 matrix (no divide), scalar blend, table lookup",
      ratio: rl.ratio,
      min: rl.min,
      max: rl.max,
      goal: 0.5,
      note: `${nodes} nodes, ${kernels}; positions agree within ${worstL.toExponential(1)}, ${colourDiffersL} colour components differ over ${frames} frames; ${rl.ours.toFixed(1)} vs ${rl.theirs.toFixed(1)} ms`,
      ours: rl.ours,
      theirs: rl.theirs,
      ...measured(rl),
    },
  ];
}

/**
 * The peer of `mixed-frame-vs-loop`, as a user without this library writes
 * it: frames i0 and i0 + 1 of `coords` (x, y, z per node) and `scalars`
 * blended by `alpha`, the positions through the column-major 4×4 `e` (its
 * affine 3×4 part, no perspective divide), each blended value's colour
 * looked up in the 256-entry `table`.
 */
export function plainFrame(
  coords: Float32Array,
  scalars: Float32Array,
  table: Float32Array,
  e: ArrayLike<number>,
  i0: number,
  alpha: number,
  nodes: number,
  world: Float32Array,
  values: Float32Array,
  colors: Float32Array,
): void {
  const m00 = e[0]!;
  const m10 = e[1]!;
  const m20 = e[2]!;
  const m01 = e[4]!;
  const m11 = e[5]!;
  const m21 = e[6]!;
  const m02 = e[8]!;
  const m12 = e[9]!;
  const m22 = e[10]!;
  const tx = e[12]!;
  const ty = e[13]!;
  const tz = e[14]!;
  const beta = 1 - alpha;
  const a = i0 * nodes * 3;
  const b = a + nodes * 3;
  const s0 = i0 * nodes;
  const s1 = s0 + nodes;
  const k = 255 / (MAX - MIN);
  for (let i = 0; i < nodes; i++) {
    const o = i * 3;
    const x = beta * coords[a + o]! + alpha * coords[b + o]!;
    const y = beta * coords[a + o + 1]! + alpha * coords[b + o + 1]!;
    const z = beta * coords[a + o + 2]! + alpha * coords[b + o + 2]!;
    world[o] = m00 * x + m01 * y + m02 * z + tx;
    world[o + 1] = m10 * x + m11 * y + m12 * z + ty;
    world[o + 2] = m20 * x + m21 * y + m22 * z + tz;
    const v = beta * scalars[s0 + i]! + alpha * scalars[s1 + i]!;
    values[i] = v;
    let c = Math.round((v - MIN) * k);
    c = c < 0 ? 0 : c > 255 ? 765 : c * 3;
    colors[o] = table[c]!;
    colors[o + 1] = table[c + 1]!;
    colors[o + 2] = table[c + 2]!;
  }
}

/** Largest |a − b| over two arrays. */
function worstDifference(a: Float32Array, b: Float32Array): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  return worst;
}

function countDifferent(a: Float32Array, b: Float32Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

/**
 * Throws unless the peer's frame is ours: positions within 1e-6, colours
 * equal but for rounding at a table edge (at most 1 in 10⁴ components), and
 * the placement moved the mesh (or agreeing would prove nothing).
 */
export function check(
  row: string,
  world: Float32Array,
  colors: Float32Array,
  peerWorld: Float32Array,
  peerColors: Float32Array,
  rest: Float32Array,
  nodes: number,
): { worst: number; differ: number } {
  const worst = worstDifference(world, peerWorld);
  const differ = countDifferent(colors, peerColors);
  let moved = 0;
  for (let i = 0; i < world.length; i++) moved = Math.max(moved, Math.abs(world[i]! - rest[i]!));
  if (!(worst <= 1e-6) || differ > nodes * 1e-4 || !(moved > 0.05)) {
    throw new Error(
      `${row}: answers disagree (positions by ${worst}, ${differ} colour components, moved ${moved})`,
    );
  }
  return { worst, differ };
}
