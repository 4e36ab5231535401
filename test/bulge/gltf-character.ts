/**
 * A skinned character made with glTF-Transform, shaped like a Mixamo one:
 * an armature node with a non-identity transform over a deep joint
 * hierarchy (rotated, translated joints), two skinned meshes ("Body": an arm
 * and a leg with a toe, 4 weights per vertex; "Markers": a box per joint),
 * inverse bind matrices with a bind-shape (mesh coordinates ≠ world), and an
 * animation clip "Wave" flexing the elbow.
 */
import { Document, type Node, WebIO } from "@gltf-transform/core";
import type { Rig } from "../../src/bulge/rig/model.js";

type V3 = [number, number, number];
type Q = [number, number, number, number];

/** The unit quaternion of `degrees` about `axis` (x, y, z, w). */
export function quat(axis: V3, degrees: number): Q {
  const l = Math.hypot(...axis);
  const h = (degrees * Math.PI) / 360;
  const s = Math.sin(h) / l;
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(h)];
}

/** `a · b` (apply b first). */
export function qmul(a: Q, b: Q): Q {
  const [ax, ay, az, aw] = a;
  const [bx, by, bz, bw] = b;
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

/** Column-major 4×4 product `a · b`. */
export function mat4Mul(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const out = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++)
    for (let r = 0; r < 4; r++)
      for (let k = 0; k < 4; k++) out[c * 4 + r]! += a[k * 4 + r]! * b[c * 4 + k]!;
  return out;
}

/** Inverse of a column-major affine 4×4. */
export function mat4Invert(m: ArrayLike<number>): number[] {
  const a = [m[0]!, m[4]!, m[8]!, m[1]!, m[5]!, m[9]!, m[2]!, m[6]!, m[10]!];
  const det =
    a[0]! * (a[4]! * a[8]! - a[5]! * a[7]!) -
    a[1]! * (a[3]! * a[8]! - a[5]! * a[6]!) +
    a[2]! * (a[3]! * a[7]! - a[4]! * a[6]!);
  const inv = [
    (a[4]! * a[8]! - a[5]! * a[7]!) / det,
    (a[2]! * a[7]! - a[1]! * a[8]!) / det,
    (a[1]! * a[5]! - a[2]! * a[4]!) / det,
    (a[5]! * a[6]! - a[3]! * a[8]!) / det,
    (a[0]! * a[8]! - a[2]! * a[6]!) / det,
    (a[2]! * a[3]! - a[0]! * a[5]!) / det,
    (a[3]! * a[7]! - a[4]! * a[6]!) / det,
    (a[1]! * a[6]! - a[0]! * a[7]!) / det,
    (a[0]! * a[4]! - a[1]! * a[3]!) / det,
  ];
  const t = [m[12]!, m[13]!, m[14]!];
  const out = new Array<number>(16).fill(0);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) out[c * 4 + r] = inv[r * 3 + c]!;
    out[12 + r] = -(inv[r * 3]! * t[0]! + inv[r * 3 + 1]! * t[1]! + inv[r * 3 + 2]! * t[2]!);
  }
  out[15] = 1;
  return out;
}

/** A column-major 4×4 applied to a point. */
export function mat4Apply(m: ArrayLike<number>, p: ArrayLike<number>): V3 {
  return [0, 1, 2].map(
    (r) => m[r]! * p[0]! + m[4 + r]! * p[1]! + m[8 + r]! * p[2]! + m[12 + r]!,
  ) as V3;
}

/** The joints: name, parent, translation, rotation (local). */
const JOINTS: readonly [string, string | null, V3, Q][] = [
  ["Hips", null, [0, 1, 0], quat([0, 1, 0], 10)],
  ["Spine", "Hips", [0, 0.3, 0], quat([1, 0, 0], 5)],
  ["Shoulder", "Spine", [0.15, 0.25, 0], quat([0, 0, 1], -80)],
  ["UpperArm", "Shoulder", [0, 0.08, 0], quat([0, 1, 0], 15)],
  ["ForeArm", "UpperArm", [0, 0.3, 0], quat([1, 0, 0], 8)],
  ["Hand", "ForeArm", [0, 0.25, 0], quat([0, 0, 1], 0)],
  ["UpLeg", "Hips", [0.1, -0.05, 0], quat([0, 0, 1], 180)],
  ["Leg", "UpLeg", [0, 0.45, 0], quat([1, 0, 0], -4)],
  ["Foot", "Leg", [0, 0.42, 0], quat([1, 0, 0], 60)],
  ["Toe", "Foot", [0, 0.14, 0], quat([1, 0, 0], 20)],
];

/** Segments skinned in "Body": joint, child (or the tip, a local offset), and 4 joints weighted. */
const LIMBS: readonly [string, string | V3, [string, string, string, string]][] = [
  ["UpperArm", "ForeArm", ["UpperArm", "ForeArm", "Shoulder", "Spine"]],
  ["ForeArm", "Hand", ["ForeArm", "UpperArm", "Hand", "Shoulder"]],
  ["Hand", [0, 0.12, 0], ["Hand", "ForeArm", "UpperArm", "Shoulder"]],
  ["UpLeg", "Leg", ["UpLeg", "Leg", "Hips", "Spine"]],
  ["Leg", "Foot", ["Leg", "UpLeg", "Foot", "Hips"]],
  ["Foot", "Toe", ["Foot", "Leg", "Toe", "UpLeg"]],
  ["Toe", [0, 0.06, 0], ["Toe", "Foot", "Leg", "UpLeg"]],
];

/** The bind shape: mesh coordinates are world coordinates through its inverse. */
const BIND_SHAPE = [0.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0.5, 0, 0.1, -0.2, 0.05, 1];

/** What {@link makeCharacter} returns besides the file. */
export interface Character {
  readonly glb: Uint8Array;
  /** World rest positions of "Body". */
  readonly bodyWorld: Float32Array;
  /** Per "Body" vertex, the limb's first joint name. */
  readonly bodyLimb: string[];
  /** World heads of the joints, by name. */
  readonly heads: Map<string, V3>;
  readonly joints: readonly string[];
}

/** The character document (and what the tests compare with). */
export async function makeCharacter(rings = 6, around = 8): Promise<Character> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const armature = doc
    .createNode("Armature")
    .setTranslation([0.2, 0, -0.3])
    .setRotation(quat([0, 1, 0], 30))
    .setScale([1.5, 1.5, 1.5]);
  const nodes = new Map<string, Node>();
  for (const [name, parent, t, r] of JOINTS) {
    const n = doc.createNode(name).setTranslation(t).setRotation(r);
    nodes.set(name, n);
    (parent ? nodes.get(parent)! : armature).addChild(n);
  }
  const heads = new Map<string, V3>();
  for (const [name, n] of nodes) heads.set(name, mat4Apply(n.getWorldMatrix(), [0, 0, 0]));
  const names = JOINTS.map((j) => j[0]);
  const ibm = names.flatMap((n) => mat4Mul(mat4Invert(nodes.get(n)!.getWorldMatrix()), BIND_SHAPE));
  const skin = doc
    .createSkin("Skin")
    .setSkeleton(nodes.get("Hips")!)
    .setInverseBindMatrices(
      doc.createAccessor("ibm").setType("MAT4").setArray(new Float32Array(ibm)).setBuffer(buffer),
    );
  for (const n of names) skin.addJoint(nodes.get(n)!);
  const body = bodyGeometry(nodes, names, rings, around);
  const toLocal = mat4Invert(BIND_SHAPE);
  const local = new Float32Array(body.world.length);
  for (let i = 0; i < body.world.length / 3; i++)
    local.set(mat4Apply(toLocal, body.world.subarray(i * 3, i * 3 + 3)), i * 3);
  const accessor = (
    name: string,
    type: "VEC3" | "VEC4" | "SCALAR",
    a: Float32Array | Uint16Array,
  ) => doc.createAccessor(name).setType(type).setArray(a).setBuffer(buffer);
  const material = doc.createMaterial("Skin").setBaseColorFactor([0.8, 0.6, 0.5, 1]);
  const prim = doc
    .createPrimitive()
    .setMaterial(material)
    .setAttribute("POSITION", accessor("p", "VEC3", local))
    .setAttribute("NORMAL", accessor("n", "VEC3", body.normals))
    .setAttribute("JOINTS_0", accessor("j", "VEC4", body.joints))
    .setAttribute("WEIGHTS_0", accessor("w", "VEC4", body.weights))
    .setIndices(accessor("i", "SCALAR", body.indices));
  const bodyNode = doc
    .createNode("Body")
    .setMesh(doc.createMesh("Body").addPrimitive(prim))
    .setSkin(skin);
  const markers = markerMesh(doc, names, nodes, toLocal, accessor);
  const markerNode = doc.createNode("Markers").setMesh(markers).setSkin(skin);
  armature.addChild(bodyNode).addChild(markerNode);
  doc.createScene("Scene").addChild(armature);
  addClip(doc, nodes.get("ForeArm")!, buffer);
  const glb = await new WebIO().writeBinary(doc);
  return { glb, bodyWorld: body.world, bodyLimb: body.limb, heads, joints: names };
}

/** Rings around each limb segment, world coordinates, with 4 weights per vertex. */
function bodyGeometry(nodes: Map<string, Node>, names: string[], rings: number, around: number) {
  const world: number[] = [];
  const normals: number[] = [];
  const joints: number[] = [];
  const weights: number[] = [];
  const indices: number[] = [];
  const limb: string[] = [];
  for (const [from, to, influences] of LIMBS) {
    const m = nodes.get(from)!.getWorldMatrix();
    const tip = typeof to === "string" ? nodes.get(to)!.getTranslation() : to;
    const base = world.length / 3;
    for (let r = 0; r < rings; r++) {
      const t = (r + 0.5) / rings;
      for (let a = 0; a < around; a++) {
        const phi = (2 * Math.PI * a) / around;
        const p: V3 = [
          0.04 * Math.cos(phi) + tip[0] * t,
          tip[1] * t,
          0.04 * Math.sin(phi) + tip[2] * t,
        ];
        world.push(...mat4Apply(m, p));
        normals.push(Math.cos(phi), 0, Math.sin(phi));
        const w = [0.7 - 0.2 * t, 0.1 + 0.2 * t, 0.15 - 0.1 * t, 0.05 + 0.1 * t];
        joints.push(...influences.map((n) => names.indexOf(n)));
        weights.push(...w);
        limb.push(from);
      }
    }
    for (let r = 0; r + 1 < rings; r++)
      for (let a = 0; a < around; a++) {
        const i0 = base + r * around + a;
        const i1 = base + r * around + ((a + 1) % around);
        indices.push(i0, i1, i0 + around, i1, i1 + around, i0 + around);
      }
  }
  return {
    world: new Float32Array(world),
    normals: new Float32Array(normals),
    joints: new Uint16Array(joints),
    weights: new Float32Array(weights),
    indices: new Uint16Array(indices),
    limb,
  };
}

/** A small box at each joint, rigid on its joint. */
function markerMesh(
  doc: Document,
  names: string[],
  nodes: Map<string, Node>,
  toLocal: number[],
  accessor: (
    n: string,
    t: "VEC3" | "VEC4" | "SCALAR",
    a: Float32Array | Uint16Array,
  ) => ReturnType<Document["createAccessor"]>,
) {
  const p: number[] = [];
  const j: number[] = [];
  const w: number[] = [];
  const idx: number[] = [];
  names.forEach((name, k) => {
    const m = nodes.get(name)!.getWorldMatrix();
    const base = p.length / 3;
    for (const c of [
      [-1, -1, -1],
      [1, -1, -1],
      [0, 1, -1],
      [0, 0, 1],
    ] as V3[]) {
      p.push(
        ...mat4Apply(
          toLocal,
          mat4Apply(
            m,
            c.map((x) => x * 0.01),
          ),
        ),
      );
      j.push(k, 0, 0, 0);
      w.push(1, 0, 0, 0);
    }
    idx.push(base, base + 1, base + 2, base, base + 1, base + 3, base + 1, base + 2, base + 3);
  });
  const prim = doc
    .createPrimitive()
    .setAttribute("POSITION", accessor("mp", "VEC3", new Float32Array(p)))
    .setAttribute("JOINTS_0", accessor("mj", "VEC4", new Uint16Array(j)))
    .setAttribute("WEIGHTS_0", accessor("mw", "VEC4", new Float32Array(w)))
    .setIndices(accessor("mi", "SCALAR", new Uint16Array(idx)));
  return doc.createMesh("Markers").addPrimitive(prim);
}

/** The clip "Wave": the forearm flexes 0 → 60° about its local z over a second. */
function addClip(doc: Document, forearm: Node, buffer: ReturnType<Document["createBuffer"]>) {
  const rest = forearm.getRotation() as Q;
  const keys = [0, 0.5, 1];
  const values = keys.flatMap((t) => qmul(rest, quat([0, 0, 1], 60 * t)));
  const sampler = doc
    .createAnimationSampler()
    .setInput(
      doc.createAccessor("t").setType("SCALAR").setArray(new Float32Array(keys)).setBuffer(buffer),
    )
    .setOutput(
      doc.createAccessor("q").setType("VEC4").setArray(new Float32Array(values)).setBuffer(buffer),
    )
    .setInterpolation("LINEAR");
  const channel = doc
    .createAnimationChannel()
    .setTargetNode(forearm)
    .setTargetPath("rotation")
    .setSampler(sampler);
  doc.createAnimation("Wave").addSampler(sampler).addChannel(channel);
}

/** The joint `name`'s local axis `axis` in world coordinates (unit). */
export function worldAxis(glb: Document, name: string, axis: V3): V3 {
  const n = glb
    .getRoot()
    .listNodes()
    .find((x) => x.getName() === name)!;
  const m = n.getWorldMatrix();
  const v = [0, 1, 2].map((r) => m[r]! * axis[0] + m[4 + r]! * axis[1] + m[8 + r]! * axis[2]);
  const l = Math.hypot(...v);
  return v.map((x) => x / l) as V3;
}

/** An arm-only rig on the character: UpperArm → ForeArm (bulge `code`, full at 90°) → Hand, flexing about each joint's local z. */
export async function armRigOf(c: Character, code = 5): Promise<Rig> {
  const doc = await new WebIO().readBinary(c.glb);
  const h = (n: string) => c.heads.get(n)!;
  const tip = (() => {
    const m = doc
      .getRoot()
      .listNodes()
      .find((x) => x.getName() === "Hand")!
      .getWorldMatrix();
    return mat4Apply(m, [0, 0.12, 0]);
  })();
  const joint = (name: string, parent: string | null, tail: V3) => ({
    name,
    parent,
    head: h(name),
    tail,
    axis: worldAxis(doc, name, [1, 0, 0]),
    radius: 0.1,
    flexAxis: worldAxis(doc, name, [0, 0, 1]),
  });
  return {
    version: 1,
    joints: [
      joint("UpperArm", null, h("ForeArm")),
      { ...joint("ForeArm", "UpperArm", h("Hand")), bulge: { code, fullAngle: 90, scale: 1 } },
      joint("Hand", "ForeArm", tip),
    ],
  };
}
