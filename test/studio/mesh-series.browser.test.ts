/**
 * The Mesh workspace in Chromium on series the tests write (not the demo):
 * Fit after scrubbing frames the body where it is now, with its
 * exaggeration, though it moved far from its start; a numbered series
 * without an index opens from the file tree as one animation, its frames in
 * the order of their numbers and timed by them. Skipped with a message when
 * Chromium is missing locally; required when CI=true.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUBE, pvd, vtu } from "../mixed/vtk/vtu-text.js";
import { type BrowserStudio, browserAvailable, OUT, startBrowserStudio } from "./browser-launch.js";

/** The unit cube moved `dx` along x, coloured by `T` = `base` + x. */
function cube(dx: number, base: number): string {
  const points = CUBE.map(([x, y, z]) => [x! + dx, y!, z!]);
  return vtu(
    points,
    [[12, 0, 1, 2, 3, 4, 5, 6, 7]],
    [{ name: "T", values: CUBE.map(([x]) => base + x!) }],
  );
}

/** A cube flying 20 m along x per second, 0 … 2 s (the points move: type 1). */
const FAR: Record<string, string> = {
  "far/far.pvd": pvd(["far_0.vtu", "far_1.vtu", "far_2.vtu"], [0, 1, 2]),
  "far/far_0.vtu": cube(0, 0),
  "far/far_1.vtu": cube(20, 0),
  "far/far_2.vtu": cube(40, 0),
};

/** foamToVTK-like numbered files without an index; T = the number + x. */
const NUMBERS = [0, 100, 200, 1000];
const NUMBERED = Object.fromEntries(NUMBERS.map((n) => [`numbered/frame_${n}.vtu`, cube(0, n)]));

const STAGE = '.workspace[data-ws="mesh"] .stage canvas';
const READY = '.workspace[data-ws="mesh"][data-state="ready"]';

/** The box of the coloured pixels of the stage (outside the axes triad's corner), and their count. */
async function colouredBox(page: Page) {
  return page.evaluate((selector) => {
    const gl = document.querySelector<HTMLCanvasElement>(selector)!;
    const w = gl.clientWidth;
    const h = gl.clientHeight;
    const c = document.createElement("canvas");
    c.width = w;
    c.height = h;
    const g = c.getContext("2d")!;
    g.drawImage(gl, 0, 0, w, h);
    const d = g.getImageData(0, 0, w, h).data;
    let [x0, y0, x1, y1, count] = [w, h, -1, -1, 0];
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        if (x < 110 && y > h - 110) continue;
        const o = 4 * (y * w + x);
        const sat = Math.max(d[o]!, d[o + 1]!, d[o + 2]!) - Math.min(d[o]!, d[o + 1]!, d[o + 2]!);
        if (sat <= 50) continue;
        count++;
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
    return { w, h, x0, y0, x1, y1, count };
  }, STAGE);
}

/** Moves the open file's route to time `t` (the workspace seeks, paused, without fitting). */
async function seek(page: Page, t: number): Promise<void> {
  await page.evaluate((t) => {
    location.hash = `${location.hash.replace(/&t=[^&]*/, "")}&t=${t}`;
  }, t);
  await page.waitForFunction(
    (t) => new URLSearchParams(location.hash.split("?")[1]).get("t") === String(t),
    t,
  );
  await page.waitForTimeout(300);
}

describe.skipIf(!browserAvailable)("the mesh workspace on series of its own", () => {
  let studio: BrowserStudio;
  let page: Page;

  beforeAll(async () => {
    studio = await startBrowserStudio({ files: { ...FAR, ...NUMBERED } });
    page = await studio.page();
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  /** Expects the body's pixels inside the stage with a margin of 2 % of its size on every side. */
  async function expectFramed(name: string): Promise<void> {
    await page.screenshot({ path: join(OUT, `${name}.png`) });
    const b = await colouredBox(page);
    expect(b.count, name).toBeGreaterThan(500);
    expect(b.x0, name).toBeGreaterThan(0.02 * b.w);
    expect(b.x1, name).toBeLessThan(0.98 * b.w);
    expect(b.y0, name).toBeGreaterThan(0.02 * b.h);
    expect(b.y1, name).toBeLessThan(0.98 * b.h);
  }

  // decision 189
  it("Fit after scrubbing frames the current frame, and the exaggeration", async () => {
    await page.goto(`${studio.server.entry}#/mesh?file=far/far.pvd&t=0`);
    await page.waitForSelector(READY, { timeout: 30_000 });
    await seek(page, 2);
    await page.click('.workspace[data-ws="mesh"] .toolbar button.fit');
    await page.waitForTimeout(300);
    await expectFramed("mesh-fit-late-frame");
    // Twice the exaggeration: the cube is 80 m from its start now.
    await page.fill(".bodies input.exaggeration", "2");
    await page.click('.workspace[data-ws="mesh"] .toolbar button.fit');
    await page.waitForTimeout(300);
    await expectFramed("mesh-fit-exaggerated");
  });

  // decisions 186, 188
  it("opens a numbered series without an index from the file tree, in the order of its numbers", async () => {
    await page.goto(`${studio.server.entry}#/mesh?file=far/far.pvd&t=0`);
    await page.waitForSelector(READY, { timeout: 30_000 });
    const entry = page.locator(".file-list li.series > .row a.name", { hasText: "frame_#.vtu" });
    expect(await entry.getAttribute("href")).toBe(
      "#/mesh?file=numbered%2Fframe_%23.vtu&series=numbered",
    );
    await entry.click();
    await page.waitForFunction(() => location.hash.includes("series=numbered"));
    await page.waitForSelector(READY, { timeout: 30_000 });
    const scrub = page.locator('.workspace[data-ws="mesh"] input.scrub');
    expect([await scrub.getAttribute("min"), await scrub.getAttribute("max")]).toEqual([
      "0",
      "1000",
    ]);
    // Each number's frame at its time: T = the number + x, so the
    // legend's range (of the frame shown and the next) starts at the number.
    const href = (await entry.getAttribute("href"))!;
    for (const n of [100, 200, 1000]) {
      await page.goto("about:blank");
      await page.goto(`${studio.server.entry}${href}&t=${n}`);
      await page.waitForSelector(READY, { timeout: 30_000 });
      await page.selectOption(".legend select.range-mode", "frame");
      await page.waitForTimeout(300);
      expect(Number(await page.locator(".legend .min").textContent())).toBeCloseTo(n, 0);
    }
    await page.screenshot({ path: join(OUT, "mesh-numbered-series.png") });
  });
});
