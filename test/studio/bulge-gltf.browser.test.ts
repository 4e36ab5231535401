/**
 * The bulge preview on a glTF character (web/src/bulge/preview-gltf.ts) in
 * Chromium, on the test-only preview page (./bulge-preview-page) over a
 * project made here: a skinned character built with glTF-Transform
 * (test/bulge/gltf-character.ts), its arm rig, and the default catalogue.
 * The picture is posed by the same deformer `bulge apply` uses, and
 * "Export baked glTF" saves the same file `bulge bake` writes.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import validator from "gltf-validator";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBulgeTypes } from "../../src/bulge/catalogue/default.js";
import { readBulgeTypes } from "../../src/bulge/catalogue/index.js";
import {
  bakeBulges,
  GltfSkinDeformer,
  readGltf,
  rigFromGltf,
  splitGlb,
} from "../../src/bulge/gltf/index.js";
import type { Rig } from "../../src/bulge/rig/model.js";
import { writeRig } from "../../src/bulge/rig/write.js";
import { type StudioServer, startStudioServer } from "../../src/studio/server.js";
import { armRigOf, type Character, makeCharacter } from "../bulge/gltf-character.js";
import {
  type BrowserStudio,
  browserAvailable,
  launchChromium,
  OUT,
  startBrowserStudio,
} from "./browser-launch.js";

const PAGE = fileURLToPath(new URL("./bulge-preview-page/", import.meta.url));
const CONFIG = fileURLToPath(new URL("../../web/vite.config.ts", import.meta.url));
const GENERIC = readBulgeTypes(defaultBulgeTypes()).model.bulges.find((b) => b.code === 5)!;

/** Waits until two animation frames have passed (the preview deforms on the next one). */
const frames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

/** Moves the flex slider as a user does. */
async function flex(page: Page, degrees: number): Promise<void> {
  await page.evaluate((d) => {
    const s = document.querySelector<HTMLInputElement>(".bulge-flex")!;
    s.value = String(d);
    s.dispatchEvent(new Event("input", { bubbles: true }));
  }, degrees);
  await frames(page);
}

const shown = (page: Page) => page.evaluate(() => Array.from(window.preview.positions ?? []));

/** The rig with a bulge (code 5, full at 90°) on `joint` only. */
function bulgeOn(rig: Rig, joint: string): Rig {
  return {
    ...rig,
    joints: rig.joints.map(({ bulge: _, ...j }) =>
      j.name === joint ? { ...j, bulge: { code: 5, fullAngle: 90, scale: 1 } } : j,
    ),
  };
}

/** The core's positions of "Body" for `rig` flexed at `angles` (what `bulge apply` writes). */
async function corePositions(glb: Uint8Array, rig: Rig, angles: number[]): Promise<Float32Array> {
  const r = await readGltf(glb);
  const body = r.model!.meshes.find((m) => m.name === "Body")!;
  return new GltfSkinDeformer(rig, [GENERIC], r.model!, body).deform(angles);
}

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

describe.skipIf(!browserAvailable)("bulge preview of a glTF character in Chromium", () => {
  let web: string;
  let root: string;
  let server: StudioServer;
  let browser: Browser;
  let c: Character;
  let arm: Rig;

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), "deforma-gltf-preview-web-"));
    await build({
      configFile: CONFIG,
      root: PAGE,
      logLevel: "silent",
      build: { outDir: web, emptyOutDir: true, sourcemap: false },
    });
    root = mkdtempSync(join(tmpdir(), "deforma-gltf-preview-"));
    c = await makeCharacter();
    arm = await armRigOf(c);
    writeFileSync(join(root, "character.glb"), c.glb);
    writeFileSync(join(root, "character.rig.json"), writeRig({ ...arm, mesh: "character.glb" }));
    mkdirSync(join(root, "misc_data"));
    writeFileSync(join(root, "misc_data", "bulge_types"), defaultBulgeTypes());
    server = await startStudioServer({ root, webRoot: web, port: 0 });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (web) rmSync(web, { recursive: true, force: true });
    if (root) rmSync(root, { recursive: true, force: true });
  });

  async function open(query: string, width = 1280, height = 800): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(`${server.url}index.html${query}`);
    await page.waitForSelector('.bulge-preview:is([data-state="ready"], [data-state="error"])', {
      timeout: 30_000,
    });
    return page;
  }

  // decision 270
  it("shows the character skinned with the rig's joints, and the flex moves it as bulge apply does", async () => {
    const page = await open("?gltf=character.glb&rig=character.rig.json");
    expect(await page.getAttribute(".bulge-preview", "data-state")).toBe("ready");
    // The largest skinned mesh is shown; both are offered.
    expect(await page.inputValue(".bulge-mesh")).toBe("Body");
    expect(await page.locator(".bulge-mesh option").allTextContents()).toEqual(["Body", "Markers"]);
    // The rig's joints, its bulged one picked.
    expect(await page.locator(".bulge-joint option").allTextContents()).toEqual([
      "UpperArm",
      "ForeArm",
      "Hand",
    ]);
    expect(await page.inputValue(".bulge-joint")).toBe("ForeArm");
    await flex(page, 0);
    const rest = await shown(page);
    expect(maxDiff(rest, c.bodyWorld)).toBeLessThan(1e-5);
    await flex(page, 60);
    const bent = await shown(page);
    expect(maxDiff(bent, rest)).toBeGreaterThan(0.05);
    const core = await corePositions(c.glb, arm, [0, 60, 0]);
    expect(maxDiff(bent, core)).toBeLessThan(1e-5);
    await page.close();
  });

  // decision 271
  it("without a rig file poses the skin's own joints; picking one drives it", async () => {
    const page = await open("?gltf=character.glb");
    expect(await page.getAttribute(".bulge-preview", "data-state")).toBe("ready");
    expect(await page.locator(".bulge-joint option").allTextContents()).toHaveLength(10);
    // An elbow is picked first.
    expect(await page.inputValue(".bulge-joint")).toBe("ForeArm");
    await page.selectOption(".bulge-joint", "Leg");
    await page.waitForSelector('.bulge-preview[data-state="ready"]');
    expect(await page.inputValue(".bulge-joint")).toBe("Leg");
    await flex(page, 45);
    const r = await readGltf(c.glb);
    const rig = bulgeOn(rigFromGltf(r.model!, 0, "character.glb").rig!, "Leg");
    const angles = rig.joints.map((j) => (j.name === "Leg" ? 45 : 0));
    const bent = await shown(page);
    expect(maxDiff(bent, await corePositions(c.glb, rig, angles))).toBeLessThan(1e-5);
    // The arm does not move when the knee flexes.
    const armVertex = c.bodyLimb.indexOf("ForeArm") * 3;
    expect(
      maxDiff(bent.slice(armVertex, armVertex + 3), c.bodyWorld.slice(armVertex, armVertex + 3)),
    ).toBeLessThan(1e-5);
    await page.close();
  });

  // decision 272
  it("exports the bake bulge bake writes, valid, beside the file; asks before replacing it", async () => {
    const page = await open("?gltf=character.glb&rig=character.rig.json");
    const out = join(root, "character.baked.glb");
    rmSync(out, { force: true });
    await page.click(".bulge-export");
    await page.waitForSelector('.bulge-preview:is([data-export="saved"], [data-export="failed"])');
    expect(await page.textContent(".bulge-preview-message")).toContain("character.baked.glb");
    expect(await page.getAttribute(".bulge-preview", "data-export")).toBe("saved");
    const saved = new Uint8Array(readFileSync(out));
    // The very bytes of the core's bake (what `bulge bake --rig character.rig.json` writes).
    const r = await readGltf(c.glb);
    const body = r.model!.meshes.find((m) => m.name === "Body")!;
    const cli = bakeBulges(c.glb, r.model!, r.document!, body, arm, [GENERIC]);
    if (cli.error !== undefined) throw new Error(cli.error);
    expect(Buffer.from(saved).equals(Buffer.from(cli.glb))).toBe(true);
    const report = await validator.validateBytes(saved);
    expect(report.issues.messages.filter((m) => m.severity === 0)).toEqual([]);
    expect(report.info.hasMorphTargets).toBe(true);
    const parts = splitGlb(saved);
    if (typeof parts === "string") throw new Error(parts);
    const mesh = parts.json.meshes![0]! as {
      primitives: { targets?: unknown[] }[];
      extras: { deformaBulges: { joint: string }[] };
    };
    expect(mesh.primitives[0]!.targets).toHaveLength(1);
    expect(mesh.extras.deformaBulges.map((d) => d.joint)).toEqual(["ForeArm"]);
    // A second export asks first; "no" leaves the file as it was (atomic saves make a new inode).
    const first = statSync(out).ino;
    page.once("dialog", (d) => void d.dismiss());
    await page.click(".bulge-export");
    await page.waitForSelector('.bulge-preview[data-export="kept"]');
    expect(statSync(out).ino).toBe(first);
    page.once("dialog", (d) => void d.accept());
    await page.click(".bulge-export");
    await page.waitForSelector('.bulge-preview[data-export="saved"]');
    expect(statSync(out).ino).not.toBe(first);
    expect(Buffer.from(readFileSync(out)).equals(Buffer.from(cli.glb))).toBe(true);
    await page.close();
  });

  // decision 270
  it("offers the project's characters, each with the rig that names it, and shows the one picked", async () => {
    writeFileSync(join(root, "other.glb"), c.glb);
    rmSync(join(root, "character.baked.glb"), { force: true });
    const page = await open("?sources");
    const names = await page.locator(".bulge-character option").allTextContents();
    expect(names).toContain("character.glb");
    expect(names).toContain("other.glb");
    expect(await page.locator(".bulge-character").isVisible()).toBe(true);
    // The first is character.glb with its rig: the rig's three joints.
    expect(await page.locator(".bulge-joint option").allTextContents()).toHaveLength(3);
    await page.selectOption(".bulge-character", { label: "other.glb" });
    await page.waitForSelector('.bulge-preview[data-state="ready"]');
    // other.glb has no rig file: the skin's ten joints.
    expect(await page.locator(".bulge-joint option").allTextContents()).toHaveLength(10);
    await page.close();
  });
});

describe.skipIf(!browserAvailable)("a glTF character in the Bulges workspace", () => {
  let studio: BrowserStudio;

  beforeAll(async () => {
    const c = await makeCharacter();
    studio = await startBrowserStudio({ files: { "chars/character.glb": c.glb } });
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  for (const [width, height, lang] of [
    [800, 600, "en"],
    [1280, 800, "en"],
    [1280, 800, "ru"],
  ] as const) {
    // decision 270
    it(`offers the project's character beside the rigs and shows it at ${width}×${height} (${lang})`, async () => {
      const page = await studio.page(width, height);
      if (lang === "ru") await page.addInitScript(() => localStorage.setItem("deforma.lang", "ru"));
      await page.goto(`${studio.server.entry}#/bulge?code=5`);
      await page.waitForSelector('.bulge-preview[data-state="ready"]', { timeout: 60_000 });
      const names = await page.locator(".bulge-character option").allTextContents();
      expect(names).toContain("character.glb");
      await page.selectOption(".bulge-character", { label: "character.glb" });
      await page.waitForSelector('.bulge-preview[data-state="ready"]', { timeout: 60_000 });
      expect(await page.inputValue(".bulge-mesh")).toBe("Body");
      expect(await page.inputValue(".bulge-joint")).toBe("ForeArm");
      await flex(page, 80);
      expect(await page.textContent(".bulge-export")).toBe(
        lang === "ru" ? "Экспорт glTF с выпуклостями" : "Export baked glTF",
      );
      mkdirSync(OUT, { recursive: true });
      await page.screenshot({ path: join(OUT, `bulge-gltf-${width}x${height}-${lang}.png`) });
      // Every control of the preview inside its panel and the window.
      const outside = await page.evaluate(
        ([w, h]) => {
          const panel = document.querySelector(".bulge-preview")!.getBoundingClientRect();
          return [
            ...document.querySelectorAll(
              ".bulge-preview select, .bulge-preview button, .bulge-flex",
            ),
          ]
            .map((e) => ({ e: e.className, r: e.getBoundingClientRect() }))
            .filter(({ r }) => r.width > 0)
            .filter(
              ({ r }) =>
                r.right > Math.min(w, panel.right) + 0.5 ||
                r.left < panel.left - 0.5 ||
                r.bottom > h + 0.5,
            )
            .map(({ e }) => e);
        },
        [width, height] as const,
      );
      expect(outside).toEqual([]);
      // The address is a link to what is shown.
      const hash = decodeURIComponent(await page.evaluate(() => location.hash));
      expect(hash).toContain("character=chars/character.glb");
      expect(hash).toContain("mesh=Body");
      expect(hash).toContain("joint=ForeArm");
      await page.close();
    });
  }

  // decision 273
  it("opens the character, mesh and joint of a link, and follows a new link in the open workspace", async () => {
    const page = await studio.page(1280, 800);
    await page.goto(
      `${studio.server.entry}#/bulge?code=5&flex=30&character=chars/character.glb&mesh=Body&joint=Leg`,
    );
    await page.waitForSelector('.bulge-preview[data-state="ready"]', { timeout: 60_000 });
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>(".bulge-joint")?.value === "Leg",
    );
    expect(await page.inputValue(".bulge-character")).not.toBe("0");
    expect(await page.inputValue(".bulge-flex")).toBe("30");
    await page.evaluate(() => {
      location.hash = "#/bulge?code=5&character=chars/character.glb&mesh=Body&joint=Hand";
    });
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLSelectElement>(".bulge-joint")?.value === "Hand" &&
        document.querySelector(".bulge-preview")?.getAttribute("data-state") === "ready",
    );
    await page.close();
  });
});
