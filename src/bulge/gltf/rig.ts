/**
 * A rig from a glTF skin (`rig from-gltf`): one rig joint per skin joint,
 * named as its node, its parent the nearest ancestor that is a joint, in
 * world coordinates at rest. The bone runs from the joint's origin to the
 * child joint heading the largest subtree (else along the joint's local +Y,
 * half its parent bone's length); the reference axis is the joint's local
 * +Z; the flex axis is the dominant axis of the joint's turns in the file's
 * clips (flex-axis.ts), else its local +X (the Blender/Mixamo convention:
 * bones along +Y, hinges about X), each joint's source said (RIG044/045); the radius is 1.1 × the farthest vertex weighted
 * mostly to the joint. No bulge attributes: the codes are the user's.
 */
import { type Diagnostic, DiagnosticSink } from "../../core/diagnostics.js";
import { msg } from "../../core/message.js";
import { RIG, type RigKind } from "../rig/codes.js";
import type { Joint, Rig } from "../rig/model.js";
import { axisName, flexFromClips, MIN_FLEX_DEGREES } from "./flex-axis.js";
import type { GltfAsset } from "./model.js";
import { restPositions } from "./skin.js";

type V3 = [number, number, number];

/** Where the findings are located: the first byte of the GLB's JSON chunk. */
const JSON_CHUNK = 20;

/** What {@link rigFromGltf} made. */
export interface RigFromGltfResult {
  readonly rig: Rig | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** The rig of skin `skin` (index) of `asset`; `mesh` is written as the rig's `mesh`. */
export function rigFromGltf(asset: GltfAsset, skin = 0, mesh?: string): RigFromGltfResult {
  const sink = new DiagnosticSink<RigKind>();
  const s = asset.skins[skin];
  if (!s) {
    sink.report(
      RIG.noSkin,
      "the glTF has no skin: there is no skeleton to make a rig from",
      JSON_CHUNK,
    );
    return { rig: undefined, diagnostics: sink.items };
  }
  const nodes = asset.nodes;
  const members = new Set(s.joints);
  const jointParent = (n: number) => {
    for (let p = nodes[n]!.parent, d = 0; p >= 0 && d <= nodes.length; p = nodes[p]!.parent, d++)
      if (members.has(p)) return p;
    return -1;
  };
  const depth = (n: number) => {
    let d = 0;
    for (let p = jointParent(n); p >= 0 && d <= nodes.length; p = jointParent(p)) d++;
    return d;
  };
  // Parents before children (the rig format's rule), skin order otherwise.
  const order = [...new Set(s.joints)].filter((n) => n >= 0);
  const depths = new Map(order.map((n) => [n, depth(n)]));
  order.sort((a, b) => depths.get(a)! - depths.get(b)!);
  const names = jointNames(asset, order, sink);
  const parent = new Map(order.map((n) => [n, jointParent(n)]));
  const subtree = new Map<number, number>(order.map((n) => [n, 1]));
  for (const n of [...order].reverse()) {
    const p = parent.get(n)!;
    if (p >= 0) subtree.set(p, subtree.get(p)! + subtree.get(n)!);
  }
  const joints = new Map<number, Joint>();
  for (const n of order) {
    const p = parent.get(n)!;
    const kids = order.filter((k) => parent.get(k) === n);
    const w = nodes[n]!.world;
    const head: V3 = [w[3]!, w[7]!, w[11]!];
    const tail = tailOf(head, w, kids, subtree, nodes, joints.get(p), names.get(n)!, sink);
    joints.set(n, {
      name: names.get(n)!,
      parent: p >= 0 ? names.get(p)! : null,
      head,
      tail,
      axis: axisOf(w, 2, 0, head, tail),
      radius: 0,
      flexAxis: axisOf(w, 0, 2, head, tail),
    });
  }
  const list = order.map((n) => joints.get(n)!);
  setFlexAxes(asset, order, list, sink);
  setRadii(asset, skin, order, list, sink);
  return { rig: { version: 1, ...(mesh ? { mesh } : {}), joints: list }, diagnostics: sink.items };
}

/** Unique joint names (RIG041 for an empty or repeated one). */
function jointNames(
  asset: GltfAsset,
  order: number[],
  sink: DiagnosticSink<RigKind>,
): Map<number, string> {
  const taken = new Set<string>();
  const out = new Map<number, string>();
  for (const n of order) {
    const base = asset.nodes[n]!.name || `joint ${n}`;
    let name = base;
    for (let k = 2; taken.has(name); k++) name = `${base} #${k}`;
    const shown = asset.nodes[n]!.name ? `'${asset.nodes[n]!.name}'` : `#${n}`;
    if (name !== asset.nodes[n]!.name)
      sink.report(
        RIG.jointRenamed,
        msg`node ${{ name: shown }} of the skin is the rig's joint '${{ renamed: name }}'`,
        JSON_CHUNK,
      );
    taken.add(name);
    out.set(n, name);
  }
  return out;
}

/** The bone's tail: the head of the child heading the largest subtree, else along local +Y. */
function tailOf(
  head: V3,
  w: Float64Array,
  kids: number[],
  subtree: Map<number, number>,
  nodes: GltfAsset["nodes"],
  parent: Joint | undefined,
  name: string,
  sink: DiagnosticSink<RigKind>,
): V3 {
  const sorted = [...kids].sort((a, b) => subtree.get(b)! - subtree.get(a)!);
  for (const k of sorted) {
    const c = nodes[k]!.world;
    const t: V3 = [c[3]!, c[7]!, c[11]!];
    if (Math.hypot(t[0] - head[0], t[1] - head[1], t[2] - head[2]) > 1e-9) return t;
  }
  const y = unit([w[1]!, w[5]!, w[9]!]);
  let length = parent ? 0.5 * dist(parent.head, parent.tail) : 0;
  if (!(length > 0) || kids.length > 0) {
    sink.report(
      RIG.noBoneLength,
      msg`joint '${{ joint: name }}': no child joint away from its head; its tail is placed along its local +Y`,
      JSON_CHUNK,
    );
    if (!(length > 0)) length = Math.hypot(w[1]!, w[5]!, w[9]!) || 1;
  }
  return [head[0] + y[0] * length, head[1] + y[1] * length, head[2] + y[2] * length];
}

/** The joint's local axis `a` (column of `w`) in world, unit; its axis `b` when `a` is along the bone. */
function axisOf(w: Float64Array, a: number, b: number, head: V3, tail: V3): V3 {
  const bone = unit([tail[0] - head[0], tail[1] - head[1], tail[2] - head[2]]);
  for (const c of [a, b, 3 - a - b]) {
    const v = unit([w[c]!, w[4 + c]!, w[8 + c]!]);
    if (Math.abs(v[0] * bone[0] + v[1] * bone[1] + v[2] * bone[2]) < 0.999) return v;
  }
  return [1, 0, 0];
}

/** Each joint's flex axis from the clips that turn it (RIG044), else its local +X as made (RIG045, once for all). */
function setFlexAxes(
  asset: GltfAsset,
  order: number[],
  joints: Joint[],
  sink: DiagnosticSink<RigKind>,
): void {
  const fallback: string[] = [];
  joints.forEach((j, r) => {
    const est = flexFromClips(asset, order[r]!);
    if (!est) {
      fallback.push(`'${j.name}'`);
      return;
    }
    const w = asset.nodes[order[r]!]!.world;
    const a = est.axis;
    j.flexAxis = unit(
      [0, 4, 8].map((o) => w[o]! * a[0] + w[o + 1]! * a[1] + w[o + 2]! * a[2]) as V3,
    );
    sink.report(
      RIG.flexFromClip,
      msg`joint '${{ joint: j.name }}': flex axis from clip '${{ clip: est.clip }}' (${{ keys: est.keys }} keys; up to ${{ degrees: Math.round(est.degrees) }}° about it): ${{ axis: axisName(a) }}`,
      JSON_CHUNK,
    );
  });
  if (fallback.length > 0)
    sink.report(
      RIG.flexFallback,
      msg`flex axis local +X (no clip bends the joint by more than ${{ min: MIN_FLEX_DEGREES }}°) for ${{ count: fallback.length }} joints: ${{ joints: fallback.join(", ") }}`,
      JSON_CHUNK,
    );
}

/** Each joint's radius: 1.1 × the farthest vertex (of the skin's meshes) weighted mostly to it from its bone; else ¼ bone length (RIG043). */
function setRadii(
  asset: GltfAsset,
  skin: number,
  order: number[],
  joints: Joint[],
  sink: DiagnosticSink<RigKind>,
): void {
  const skinJoints = asset.skins[skin]!.joints;
  const rigOf = Int32Array.from(skinJoints, (n) => order.indexOf(n));
  const far = new Float64Array(joints.length).fill(-1);
  for (const m of asset.meshes) {
    if (m.skin !== skin || !m.joints || !m.weights) continue;
    const rest = restPositions(asset, m);
    for (let i = 0; i < rest.length / 3; i++) {
      let best = 0;
      for (let k = 1; k < 4; k++) if (m.weights[i * 4 + k]! > m.weights[i * 4 + best]!) best = k;
      const r = rigOf[m.joints[i * 4 + best]!] ?? -1;
      if (r < 0) continue;
      const j = joints[r]!;
      far[r] = Math.max(far[r]!, segmentDistance(rest, i, j.head, j.tail));
    }
  }
  joints.forEach((j, r) => {
    if (far[r]! > 0) j.radius = 1.1 * far[r]!;
    else {
      j.radius = 0.25 * dist(j.head, j.tail);
      sink.report(
        RIG.noSkinnedVertex,
        msg`joint '${{ joint: j.name }}': no vertex is weighted mostly to it; radius ¼ of its bone`,
        JSON_CHUNK,
      );
    }
  });
}

function segmentDistance(p: Float32Array, i: number, a: V3, b: V3): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const dz = b[2] - a[2];
  const rx = p[i * 3]! - a[0];
  const ry = p[i * 3 + 1]! - a[1];
  const rz = p[i * 3 + 2]! - a[2];
  const l2 = dx * dx + dy * dy + dz * dz;
  const t = l2 > 0 ? Math.max(0, Math.min(1, (rx * dx + ry * dy + rz * dz) / l2)) : 0;
  return Math.hypot(rx - t * dx, ry - t * dy, rz - t * dz);
}

function dist(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}

function unit(v: V3): V3 {
  const l = Math.hypot(...v) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}
