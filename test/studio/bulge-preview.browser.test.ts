/**
 * The bulge preview (web/src/bulge/preview.ts) in Chromium, mounted alone on
 * a test-only page (./bulge-preview-page) built with the studio's Vite config
 * into a temporary folder and served by the studio server over a copy of the
 * demo: the flex slider changes the picture, the definition shapes it, the
 * polar view follows, errors are told, nothing is cut off at 800×600 and
 * 1280×800 (screenshots in .out/).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StudioServer, startStudioServer } from "../../src/studio/server.js";
import { copyDemo } from "../helpers.js";
import {
  type BrowserStudio,
  browserAvailable,
  canvasPixels,
  differs,
  launchChromium,
  OUT,
  startBrowserStudio,
} from "./browser-launch.js";

const PAGE = fileURLToPath(new URL("./bulge-preview-page/", import.meta.url));
const CONFIG = fileURLToPath(new URL("../../web/vite.config.ts", import.meta.url));

/** A coarse fingerprint of the preview's WebGL canvas: 32×24 grey levels. */
const stagePixels = (page: Page) => canvasPixels(page, ".bulge-preview-stage canvas", 32, 24);

/** Waits until two animation frames have passed (the preview deforms on the next one). */
const frames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

describe.skipIf(!browserAvailable)("bulge preview in Chromium", () => {
  let web: string;
  let root: string;
  let server: StudioServer;
  let browser: Browser;

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), "deforma-preview-web-"));
    await build({
      configFile: CONFIG,
      root: PAGE,
      logLevel: "silent",
      build: { outDir: web, emptyOutDir: true, sourcemap: false },
    });
    root = mkdtempSync(join(tmpdir(), "deforma-preview-"));
    copyDemo(root);
    server = await startStudioServer({ root, webRoot: web, port: 0 });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (web) rmSync(web, { recursive: true, force: true });
    if (root) rmSync(root, { recursive: true, force: true });
  });

  async function open(width: number, height: number, query = ""): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(`${server.url}index.html${query}`);
    await page.waitForSelector('.bulge-preview:is([data-state="ready"], [data-state="error"])', {
      timeout: 30_000,
    });
    return page;
  }

  it("bends and bulges the arm as the flex slider moves, and the polar view follows", async () => {
    const page = await open(1280, 800);
    expect(await page.getAttribute(".bulge-preview", "data-state")).toBe("ready");
    await page.evaluate(() => window.preview.setFlex(0));
    await frames(page);
    const rest = await stagePixels(page);
    const restPolar = await page.getAttribute(".bulge-polar-chart path.now", "d");
    // The user drags the slider to 90°: the page hears it, the picture changes.
    await page.evaluate(() => {
      const s = document.querySelector<HTMLInputElement>(".bulge-flex")!;
      s.value = "90";
      s.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await frames(page);
    const bent = await stagePixels(page);
    expect(await page.evaluate(() => window.heard)).toEqual([90]);
    expect(await page.textContent(".bulge-flex-value")).toBe("90°");
    expect(differs(rest, bent)).toBeGreaterThan(5000);
    // At 90° of Generic's 120° full angle, scale 0.5: smoothstep(0.75) · 0.5 = 42 %.
    expect(await page.textContent(".bulge-amount")).toContain("42");
    const bentPolar = await page.getAttribute(".bulge-polar-chart path.now", "d");
    expect(bentPolar).not.toBe(restPolar);
    // Without a definition the same pose draws differently: the bulge is the definition's.
    await page.evaluate(() => window.preview.setDefinition(undefined));
    await frames(page);
    const flat = await stagePixels(page);
    expect(differs(bent, flat)).toBeGreaterThan(1000);
    expect(await page.getAttribute(".bulge-polar-chart path.now", "d")).toBe("");
    // setFlex from outside moves the slider without echoing to the listeners; it clamps to the range.
    await page.evaluate(() => window.preview.setFlex(400));
    expect(await page.inputValue(".bulge-flex")).toBe("150");
    expect(await page.evaluate(() => window.heard)).toEqual([90]);
    await page.close();
  });

  it("reads the polar view at a chosen u", async () => {
    const page = await open(1280, 800);
    const peak = await page.getAttribute(".bulge-polar-chart path.full", "d");
    await page.evaluate(() => {
      const u = document.querySelector<HTMLInputElement>(".polar-u")!;
      u.value = "0.1";
      u.dispatchEvent(new Event("input", { bubbles: true }));
    });
    expect(await page.isChecked(".polar-peak")).toBe(false);
    expect(await page.textContent(".polar-u-value")).toBe("0.10");
    expect(await page.getAttribute(".bulge-polar-chart path.full", "d")).not.toBe(peak);
    // Generic has sections at 0° and 180°: two section spokes.
    expect(await page.locator(".bulge-polar-chart line.section").count()).toBe(2);
    await page.close();
  });

  it("says which file is missing", async () => {
    const page = await open(800, 600, "?rig=nowhere.rig.json");
    expect(await page.getAttribute(".bulge-preview", "data-state")).toBe("error");
    expect(await page.textContent(".bulge-preview-message")).toContain("nowhere.rig.json");
    await page.close();
  });

  for (const [width, height] of [
    [800, 600],
    [1280, 800],
    // As narrow as a panel beside the editor: the polar chart goes under the view.
    [440, 560],
  ] as const) {
    it(`fits ${width}×${height} without cutting anything off`, async () => {
      const page = await open(width, height, "?code=1");
      await page.evaluate(() => window.preview.setFlex(100));
      await frames(page);
      mkdirSync(OUT, { recursive: true });
      await page.screenshot({ path: join(OUT, `bulge-preview-${width}x${height}.png`) });
      const boxes = await page.evaluate(() => {
        const all = [
          ".bulge-flex",
          ".bulge-flex-value",
          ".bulge-amount",
          ".bulge-preview-bar button.fit",
          ".bulge-preview-stage canvas",
          ".bulge-polar-chart",
          ".polar-u",
          ".polar-peak",
        ];
        return all.map((s) => {
          const r = document.querySelector(s)!.getBoundingClientRect();
          return { s, left: r.left, top: r.top, right: r.right, bottom: r.bottom, w: r.width };
        });
      });
      for (const b of boxes) {
        expect(b.w, b.s).toBeGreaterThan(0);
        expect(b.left, b.s).toBeGreaterThanOrEqual(0);
        expect(b.top, b.s).toBeGreaterThanOrEqual(0);
        expect(b.right, b.s).toBeLessThanOrEqual(width);
        expect(b.bottom, b.s).toBeLessThanOrEqual(height);
      }
      const canvas = boxes.find((b) => b.s.includes("canvas"))!;
      const chart = boxes.find((b) => b.s.includes("chart"))!;
      // The chart and the 3-D view do not overlap.
      const overlap =
        canvas.right > chart.left + 0.5 &&
        chart.right > canvas.left + 0.5 &&
        canvas.bottom > chart.top + 0.5 &&
        chart.bottom > canvas.top + 0.5;
      expect(overlap).toBe(false);
      await page.close();
    });
  }
});

describe.skipIf(!browserAvailable)("bulge preview in the Bulges workspace", () => {
  let studio: BrowserStudio;

  beforeAll(async () => {
    studio = await startBrowserStudio();
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  async function open(page: Page, hash: string): Promise<void> {
    await page.goto("about:blank");
    await page.goto(`${studio.server.entry}${hash}`);
    await page.waitForSelector('.workspace.bulge[data-state="ready"]', { timeout: 30_000 });
    await page.waitForSelector('.bulge-preview[data-state="ready"]', { timeout: 30_000 });
    await frames(page);
  }

  it("poses the arm from the deep link's flex, and the slider writes the flex into the address", async () => {
    const page = await studio.page(1280, 800);
    await open(page, "#/bulge?code=5&flex=0");
    const rest = await stagePixels(page);
    await open(page, "#/bulge?code=5&flex=90");
    expect(await page.inputValue(".bulge-flex")).toBe("90");
    const bent = await stagePixels(page);
    expect(differs(rest, bent)).toBeGreaterThan(5000);
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: join(OUT, "bulge-preview-workspace-1280x800.png") });
    await page.evaluate(() => {
      const s = document.querySelector<HTMLInputElement>(".bulge-flex")!;
      s.value = "60";
      s.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await page.waitForFunction(() => location.hash.includes("flex=60"));
    await page.setViewportSize({ width: 800, height: 600 });
    await frames(page);
    await page.screenshot({ path: join(OUT, "bulge-preview-workspace-800x600.png") });
    await page.close();
  });

  it("follows an edit in the section editor live, and undo brings the picture back", async () => {
    const page = await studio.page(1280, 800);
    await open(page, "#/bulge?code=5&flex=120");
    const before = await stagePixels(page);
    const polarBefore = await page.getAttribute(".bulge-polar-chart path.full", "d");
    // Drag Generic's middle X icon (0.5, 0.25) down to about y = 0: the biceps flattens.
    const cross = (await page.locator('.section-chart .kp-cross[data-index="1"]').boundingBox())!;
    const base = (await page
      .locator('.section-chart circle.kp-circle[data-index="1"]')
      .boundingBox())!;
    await page.mouse.move(cross.x + cross.width / 2, cross.y + cross.height / 2);
    await page.mouse.down();
    await page.mouse.move(cross.x + cross.width / 2, base.y + base.height / 2, { steps: 6 });
    await page.mouse.up();
    await frames(page);
    const after = await stagePixels(page);
    expect(differs(before, after)).toBeGreaterThan(1000);
    expect(await page.getAttribute(".bulge-polar-chart path.full", "d")).not.toBe(polarBefore);
    await page.locator("button.undo").click();
    await frames(page);
    expect(differs(before, await stagePixels(page))).toBeLessThan(50);
    expect(await page.getAttribute(".bulge-polar-chart path.full", "d")).toBe(polarBefore);
    await page.close();
  });

  it("speaks Russian without cutting anything off", async () => {
    const page = await studio.page(1280, 800);
    await page.addInitScript(() => localStorage.setItem("deforma.lang", "ru"));
    await open(page, "#/bulge?code=1&flex=100");
    expect(await page.textContent(".bulge-flex-label")).toContain("Сгиб локтя");
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: join(OUT, "bulge-preview-workspace-ru-1280x800.png") });
    const overflow = await page.evaluate(() => {
      const panel = document.querySelector(".bulge-preview")!.getBoundingClientRect();
      return [...document.querySelectorAll(".bulge-preview *")]
        .filter((e) => e.getClientRects().length > 0)
        .map((e) => ({ e: e.className.toString() || e.tagName, r: e.getBoundingClientRect() }))
        .filter(({ r }) => r.right > panel.right + 0.5 || r.left < panel.left - 0.5)
        .map(({ e }) => e);
    });
    expect(overflow).toEqual([]);
    await page.close();
  });
});
