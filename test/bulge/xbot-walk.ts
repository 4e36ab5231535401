/**
 * Issue 19's walk on the corpus X Bot, shared by its Node and Chromium
 * tests: a clip "Flex" appended to the file (its own clip holds the
 * forearms still, decision 268), `rig from-gltf`, the manual's Generic
 * (code 5, full at 90°) given to both forearms, `bulge bake` on
 * `Beta_Surface`. Also the comparison helpers both use.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { defaultBulgeTypes } from "../../src/bulge/catalogue/default.js";
import { appendAccessor, type GlbParts, joinGlb, splitGlb } from "../../src/bulge/gltf/index.js";
import { readRig, writeRig } from "../../src/bulge/rig/index.js";
import type { Rig } from "../../src/bulge/rig/model.js";
import { cli } from "../helpers.js";
import { qmul, quat } from "./gltf-character.js";

type Q = [number, number, number, number];

/** The X Bot's forearm joints (node names), the bulged ones. */
export const FOREARMS = ["mixamorig:LeftForeArm", "mixamorig:RightForeArm"];

/** The largest difference of two arrays' entries. */
export const maxDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i]! - b[i]!));
  return d;
};

/** The diagonal of the points' bounding box (x, y, z flat). */
export function sizeOf(p: ArrayLike<number>): number {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++) {
    lo[i % 3] = Math.min(lo[i % 3]!, p[i]!);
    hi[i % 3] = Math.max(hi[i % 3]!, p[i]!);
  }
  return Math.hypot(hi[0]! - lo[0]!, hi[1]! - lo[1]!, hi[2]! - lo[2]!);
}

/**
 * The X Bot with a clip "Flex" appended: both forearms turn 0 → 45° → 90°
 * about their local +X, the flex axis `rig from-gltf` gives them, over a
 * second. The JSON is only appended to and the binary chunk only grows, as
 * a bake does.
 */
export function withFlexClip(glb: Uint8Array): Uint8Array {
  const parts = splitGlb(glb) as GlbParts;
  const times = appendAccessor(parts, Float32Array.of(0, 0.5, 1), "SCALAR", true);
  const nodes = parts.json.nodes as { name?: string; rotation?: number[] }[];
  const channels: unknown[] = [];
  const samplers: unknown[] = [];
  for (const name of FOREARMS) {
    const node = nodes.findIndex((n) => n.name === name);
    const rest = (nodes[node]!.rotation ?? [0, 0, 0, 1]) as Q;
    const keys = Float32Array.from([0, 45, 90].flatMap((a) => qmul(rest, quat([1, 0, 0], a))));
    // appendAccessor writes floats as SCALAR or VEC3; these are 3 rotations of 4.
    const at = appendAccessor(parts, keys, "SCALAR", false);
    Object.assign(parts.json.accessors![at]!, { count: 3, type: "VEC4" });
    samplers.push({ input: times, output: at, interpolation: "LINEAR" });
    channels.push({ sampler: samplers.length - 1, target: { node, path: "rotation" } });
  }
  parts.json.animations!.push({ name: "Flex", channels, samplers });
  return joinGlb(parts);
}

/** What {@link walkXbot} made. */
export interface XbotWalk {
  /** The X Bot with "Flex", as baked. */
  readonly input: Uint8Array;
  /** The rig from `rig from-gltf`, with the forearms' bulges. */
  readonly rig: Rig;
  /** The baked file. */
  readonly out: Uint8Array;
  /** The bake's message. */
  readonly said: string;
}

/** The walk in `dir` (a temporary folder) on the X Bot at `xbot`; throws when a command fails. */
export async function walkXbot(dir: string, xbot: string): Promise<XbotWalk> {
  const input = withFlexClip(new Uint8Array(readFileSync(xbot)));
  writeFileSync(join(dir, "Xbot.glb"), input);
  mkdirSync(join(dir, "misc_data"));
  writeFileSync(join(dir, "misc_data", "bulge_types"), defaultBulgeTypes());
  const made = await cli(["rig", "from-gltf", "Xbot.glb", "-o", "x.rig.json"], dir);
  if (made.code !== 0) throw new Error(made.err);
  // The user's edit: the manual's Generic (code 5) on both forearms, full at 90°.
  const rig = readRig(readFileSync(join(dir, "x.rig.json"), "utf8")).model!;
  for (const j of rig.joints)
    if (FOREARMS.includes(j.name)) j.bulge = { code: 5, fullAngle: 90, scale: 1 };
  writeFileSync(join(dir, "x.rig.json"), writeRig(rig));
  const args = ["Xbot.glb", "--rig", "x.rig.json", "--mesh-name", "Beta_Surface"];
  const baked = await cli(["bulge", "bake", ...args, "-o", "baked.glb"], dir);
  if (baked.code !== 0) throw new Error(baked.err);
  const out = new Uint8Array(readFileSync(join(dir, "baked.glb")));
  return { input, rig, out, said: baked.err };
}
