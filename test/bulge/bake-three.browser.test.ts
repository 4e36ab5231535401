/**
 * A baked glTF played by three.js in Chromium (issue 19): `bulge bake`'s
 * file is handed as bytes to a test-only page (./bake-three-page) whose
 * three.js is the installed one, all served through Playwright routes (no
 * server, no network). The page loads it with GLTFLoader, poses the
 * skeleton by hand and with the file's own clip (AnimationMixer), and reads
 * the skinned + morphed positions; they are compared with `bulge apply`'s
 * deformer (GltfSkinDeformer) at the same poses.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { WebIO } from "@gltf-transform/core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBulgeTypes, GENERIC_BULGE } from "../../src/bulge/catalogue/default.js";
import { bulgeAmount, poseAngles } from "../../src/bulge/deform/index.js";
import {
  type BakedDriver,
  flexAngle,
  GltfSkinDeformer,
  readGltf,
  sampleClip,
} from "../../src/bulge/gltf/index.js";
import type { Rig } from "../../src/bulge/rig/model.js";
import { writeRig } from "../../src/bulge/rig/write.js";
import { cli, corpusFile } from "../helpers.js";
import { browserAvailable, launchChromium, pageErrors } from "../studio/browser-launch.js";
import { armRigOf, type Character, makeCharacter } from "./gltf-character.js";
import { FOREARMS, maxDiff, sizeOf, walkXbot } from "./xbot-walk.js";

const PAGE = fileURLToPath(new URL("./bake-three-page/", import.meta.url));
const THREE = fileURLToPath(new URL("../../node_modules/three/", import.meta.url));
const ORIGIN = "http://bake.test";

/** What the page's `window.bake` answers. */
interface BakePage {
  info(): {
    drivers: BakedDriver[];
    clips: { name: string; duration: number; tracks: string[] }[];
  };
  pose(degrees: number[], weights: number[]): number[];
  at(clip: number, t: number): { positions: number[]; weights: number[]; rotations: number[][] };
}
declare global {
  interface Window {
    bake: BakePage;
  }
}

/** The character baked by the CLI (`bulge bake`, the default catalogue's code 5 on the forearm). */
async function bake(dir: string): Promise<{ c: Character; rig: Rig; out: Uint8Array }> {
  const c = await makeCharacter();
  writeFileSync(join(dir, "char.glb"), c.glb);
  const rig = await armRigOf(c);
  writeFileSync(join(dir, "arm.rig.json"), writeRig(rig));
  mkdirSync(join(dir, "misc_data"));
  writeFileSync(join(dir, "misc_data", "bulge_types"), defaultBulgeTypes());
  const r = await cli(
    ["bulge", "bake", "char.glb", "--rig", "arm.rig.json", "--mesh-name", "Body", "-o", "out.glb"],
    dir,
  );
  if (r.code !== 0) throw new Error(r.err);
  return { c, rig, out: new Uint8Array(readFileSync(join(dir, "out.glb"))) };
}

/** Serves the page, three.js (only its own folder) and the baked bytes to `page`. */
async function serve(page: Page, glb: Uint8Array): Promise<void> {
  await page.route(`${ORIGIN}/**`, async (route) => {
    const path = decodeURIComponent(new URL(route.request().url()).pathname);
    if (path === "/baked.glb")
      return route.fulfill({ body: Buffer.from(glb), contentType: "model/gltf-binary" });
    const [base, rest] = path.startsWith("/three/")
      ? [THREE, path.slice(7)]
      : [PAGE, path.slice(1)];
    const file = resolve(base, rest);
    if (!file.startsWith(base.endsWith(sep) ? base : base + sep) || !existsSync(file))
      return route.fulfill({ status: 404, body: "not here" });
    const type = file.endsWith(".html") ? "text/html" : "text/javascript";
    return route.fulfill({ body: readFileSync(file), contentType: type });
  });
}

describe.skipIf(!browserAvailable)("a baked glTF in Chromium's three.js", () => {
  let dir: string;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let baked: Awaited<ReturnType<typeof bake>>;
  let deformer: GltfSkinDeformer;
  let plain: GltfSkinDeformer;
  let size: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "bake-three-"));
    baked = await bake(dir);
    const asset = (await readGltf(baked.c.glb)).model!;
    deformer = new GltfSkinDeformer(baked.rig, [GENERIC_BULGE], asset, asset.meshes[0]!);
    plain = new GltfSkinDeformer(baked.rig, [], asset, asset.meshes[0]!);
    size = sizeOf(baked.c.bodyWorld);
    browser = await launchChromium();
    page = await browser.newPage();
    errors = pageErrors(page);
    await serve(page, baked.out);
    await page.goto(`${ORIGIN}/index.html?mesh=Body`);
    await page.waitForSelector("body[data-state]", { state: "attached", timeout: 30_000 });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("loads the file with GLTFLoader: the skinned mesh, its bulge driver and the clip with a weights track", async () => {
    expect(await page.getAttribute("body", "data-state")).toBe("ready");
    const info = await page.evaluate(() => window.bake.info());
    expect(info.drivers.map((d) => [d.joint, d.target, d.code])).toEqual([["ForeArm", 0, 5]]);
    expect(info.clips.map((c) => c.name)).toEqual(["Wave"]);
    // three.js turns the baked weights channel into a morph-influence track on the mesh.
    expect(info.clips[0]!.tracks.some((t) => t.endsWith(".morphTargetInfluences"))).toBe(true);
    expect(errors).toEqual([]);
  });

  // decision 267
  it("posed by hand, its skinned + morphed positions equal bulge apply's within 1e-5 of the model size", async () => {
    for (const degrees of [0, 20, 45, 70, 90, 120]) {
      const weight = bulgeAmount(degrees, 90);
      const got = await page.evaluate(([d, w]) => window.bake.pose([d], [w]), [
        degrees,
        weight,
      ] as const);
      const want = deformer.deform(poseAngles(baked.rig, { ForeArm: degrees }).angles);
      expect(maxDiff(got, want), `${degrees}°`).toBeLessThan(1e-5 * size);
    }
  });

  // decision 267
  it("plays the bulge on its own clip: at the clip's keys it is bulge apply's pose, between them the weights' line", async () => {
    const doc = await new WebIO().readBinary(baked.c.glb);
    const drivers = await page.evaluate(() => window.bake.info().drivers);
    const keys = sampleClip(doc, 0, drivers);
    expect([...keys.times]).toEqual([0, 0.5, 1]);
    const driver = drivers[0]!;
    for (const t of [0, 0.125, 0.25, 0.5, 0.6, 0.75, 1]) {
      const three = await page.evaluate((time) => window.bake.at(0, time), t);
      // The forearm's flex as three.js posed it (the clip slerps 0 → 60° over the second).
      const angle = flexAngle(driver.rest, three.rotations[0]!, driver.axis);
      expect(angle).toBeCloseTo(60 * t, 3);
      const w = three.weights[0]!;
      // The weight three.js plays is the baked channel's: the curve at the keys, a line between.
      const k = Math.min(Math.floor(t / 0.5), 1);
      const [t0, t1] = [keys.times[k]!, keys.times[k + 1]!];
      const line =
        keys.weights[k]! + ((t - t0) / (t1 - t0)) * (keys.weights[k + 1]! - keys.weights[k]!);
      expect(w, `t = ${t}`).toBeCloseTo(line, 6);
      if (t > 0) expect(w, `t = ${t}: the elbow flexes, the bulge plays`).toBeGreaterThan(0.01);
      const angles = poseAngles(baked.rig, { ForeArm: angle }).angles;
      const bulged = deformer.deform(angles);
      if ([0, 0.5, 1].includes(t)) {
        // At a key the weight is the curve's and the positions are bulge apply's.
        expect(w).toBeCloseTo(bulgeAmount(angle, 90), 5);
        expect(maxDiff(three.positions, bulged), `t = ${t}`).toBeLessThan(1e-5 * size);
      }
      // Anywhere: the same skin with the target at three's weight (skinning is linear in the target).
      const none = Float32Array.from(plain.deform(angles));
      const full = bulgeAmount(angle, 90);
      const want = none.map((v, i) => (full > 0 ? v + (w / full) * (bulged[i]! - v) : v));
      expect(maxDiff(three.positions, want), `t = ${t}`).toBeLessThan(1e-5 * size);
    }
    expect(errors).toEqual([]);
  });
});

const xbot = corpusFile("characters/Xbot.glb");

describe.skipIf(!browserAvailable || !xbot)(
  "the corpus X Bot's bake in Chromium's three.js",
  () => {
    // decision 268
    it("plays the forearms' bulges on its Flex clip; at its key of 0.5 s the surface is bulge apply's", async () => {
      const dir = mkdtempSync(join(tmpdir(), "bake-three-xbot-"));
      const browser = await launchChromium();
      try {
        const walk = await walkXbot(dir, xbot!);
        const page = await browser.newPage();
        const errors = pageErrors(page);
        await serve(page, walk.out);
        await page.goto(`${ORIGIN}/index.html?mesh=Beta_Surface`);
        await page.waitForSelector("body[data-state]", { state: "attached", timeout: 30_000 });
        expect(await page.getAttribute("body", "data-state")).toBe("ready");
        const info = await page.evaluate(() => window.bake.info());
        expect(info.drivers.map((d) => d.joint).sort()).toEqual(FOREARMS);
        const flex = info.clips.findIndex((c) => c.name === "Flex");
        const three = await page.evaluate((clip) => window.bake.at(clip, 0.5), flex);
        expect(three.weights.map((w) => Number(w.toFixed(6)))).toEqual([0.5, 0.5]);
        const asset = (await readGltf(walk.input)).model!;
        const mesh = asset.meshes.find((m) => m.name === "Beta_Surface")!;
        const angles = poseAngles(
          walk.rig,
          Object.fromEntries(FOREARMS.map((f) => [f, 45])),
        ).angles;
        const want = new GltfSkinDeformer(walk.rig, [GENERIC_BULGE], asset, mesh).deform(angles);
        expect(maxDiff(three.positions, want)).toBeLessThan(1e-5 * sizeOf(want));
        expect(errors).toEqual([]);
      } finally {
        await browser.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }, 180_000);
  },
);
