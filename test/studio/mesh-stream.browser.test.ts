/**
 * A binary `.agr` streamed into the mesh workspace (issue 10), at small size:
 * the page reads it with HTTP range requests, one per parameter and frame,
 * holds at most the cache budget (counted in bytes by the cache and shown
 * on the workspace element), and plays it — the picture changes as frames
 * arrive. Skipped with a message when Chromium is missing locally; required
 * when CI=true.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeAgrBinary } from "../../src/mixed/agr/index.js";
import { columnAgr } from "../mixed/agr-stream-helpers.js";
import {
  type BrowserStudio,
  browserAvailable,
  canvasPixels,
  differs,
  pageErrors,
  startBrowserStudio,
} from "./browser-launch.js";

const MESH = columnAgr(200, 60);
const FRAME_BYTES = 16 * MESH.nodeCount;
/** About five frames of positions and values (MiB, as the route takes it). */
const BUDGET_MIB = (5 * FRAME_BYTES) / 2 ** 20;

describe.skipIf(!browserAvailable)("streamed .agr in Chromium", () => {
  let studio: BrowserStudio;
  let page: Page;
  const ranges: string[] = [];
  let errors: string[] = [];

  beforeAll(async () => {
    studio = await startBrowserStudio();
    writeFileSync(join(studio.root, "column.agr"), writeAgrBinary(MESH));
    page = await studio.page(1000, 700);
    page.on("request", (r) => {
      const range = r.headers().range;
      if (range && r.url().includes("column.agr")) ranges.push(range);
    });
    errors = pageErrors(page);
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  it("plays through range requests within its cache budget", async () => {
    await page.goto(
      `${studio.server.entry}#/mesh?file=column.agr&stream=1&cacheMiB=${BUDGET_MIB}&t=0`,
    );
    const ws = page.locator('.workspace[data-ws="mesh"]');
    await page.waitForSelector('.workspace[data-ws="mesh"][data-state="ready"]', {
      timeout: 30_000,
    });
    expect(await ws.getAttribute("data-streamed")).toBe("true");
    const scrub = ws.locator("input.scrub");
    expect(Number(await scrub.getAttribute("max"))).toBeCloseTo(MESH.times[59]!, 9);
    expect(await page.locator(".load-note").textContent()).toContain("Streamed");
    // The mesh is read in three ranges before any frame.
    expect(ranges.length).toBeGreaterThanOrEqual(3);
    await page.waitForFunction(() =>
      Number(document.querySelector<HTMLElement>('.workspace[data-ws="mesh"]')?.dataset.rangeReads),
    );
    await page.waitForFunction(() =>
      Number.isFinite(
        Number(document.querySelector('.workspace[data-ws="mesh"] .legend .max')?.textContent),
      ),
    );
    const firstMax = Number(await ws.locator(".legend .max").textContent());
    const first = await canvasPixels(page, '.workspace[data-ws="mesh"] .stage canvas', 200, 150);
    // Step through 40 frames, letting each arrive.
    for (let f = 0; f < 40; f++) {
      await page.keyboard.press("ArrowRight");
      await page.waitForTimeout(20);
    }
    await page.waitForTimeout(300);
    const later = await canvasPixels(page, '.workspace[data-ws="mesh"] .stage canvas', 200, 150);
    expect(differs(first, later)).toBeGreaterThan(0);
    // The colour range grew with the frames that arrived (values are frame + node/1000).
    expect(Number(await ws.locator(".legend .max").textContent())).toBeGreaterThan(firstMax + 30);
    const budget = Number(await ws.getAttribute("data-cache-budget"));
    const peak = Number(await ws.getAttribute("data-cache-peak"));
    const reads = Number(await ws.getAttribute("data-range-reads"));
    expect(budget).toBe(Math.round(BUDGET_MIB * 2 ** 20));
    expect(peak).toBeLessThanOrEqual(budget);
    expect(peak).toBeGreaterThanOrEqual(2 * FRAME_BYTES);
    // Every frame stepped through was read: positions and values, one range each.
    expect(reads).toBeGreaterThanOrEqual(2 * 40);
    const frameRanges = ranges.filter((r) => {
      const [a, b] = r.replace("bytes=", "").split("-").map(Number);
      return b! - a! + 1 === 12 * MESH.nodeCount || b! - a! + 1 === 4 * MESH.nodeCount;
    });
    expect(frameRanges.length).toBe(reads);
    // Streamed: no export buttons.
    expect(await ws.locator("button.export-gltf").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
