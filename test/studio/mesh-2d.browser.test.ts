/**
 * A 2-D result (every z = 0) opens top-down in the Mesh workspace: the
 * plate is drawn as an axis-aligned rectangle (x to the right, y up), not
 * as the oblique view's slanted quadrilateral. Skipped with a message when
 * Chromium is missing locally; required when CI=true.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vtu } from "../mixed/vtk/vtu-text.js";
import { type BrowserStudio, browserAvailable, OUT, startBrowserStudio } from "./browser-launch.js";

/** A 0.3 m × 0.1 m plate of 6 × 2 quads at z = 0, T rising with x. */
function plate(): string {
  const points: number[][] = [];
  for (let j = 0; j <= 2; j++) for (let i = 0; i <= 6; i++) points.push([i * 0.05, j * 0.05, 0]);
  const cells: number[][] = [];
  for (let j = 0; j < 2; j++)
    for (let i = 0; i < 6; i++) {
      const a = j * 7 + i;
      cells.push([9, a, a + 1, a + 8, a + 7]);
    }
  return vtu(points, cells, [{ name: "T", values: points.map((p) => 300 + 100 * p[0]!) }]);
}

/** Per canvas row (sampled at `w`×`h`) crossing the plate, its longest run of coloured pixels. */
async function colouredRows(page: Page, w: number, h: number): Promise<[number, number][]> {
  return page.evaluate(
    ([w, h]) => {
      const gl = document.querySelector<HTMLCanvasElement>(
        '.workspace[data-ws="mesh"] .stage canvas',
      )!;
      const c = document.createElement("canvas");
      c.width = w;
      c.height = h;
      const g = c.getContext("2d")!;
      g.drawImage(gl, 0, 0, w, h);
      const d = g.getImageData(0, 0, w, h).data;
      const rows: [number, number][] = [];
      for (let y = 0; y < h; y++) {
        // The longest run of coloured pixels: the plate, not the axes triad.
        let best: [number, number] | undefined;
        let start = -1;
        for (let x = 0; x <= w; x++) {
          const o = 4 * (y * w + x);
          const sat =
            x < w
              ? Math.max(d[o]!, d[o + 1]!, d[o + 2]!) - Math.min(d[o]!, d[o + 1]!, d[o + 2]!)
              : 0;
          if (sat > 50 && start < 0) start = x;
          if (sat <= 50 && start >= 0) {
            if (!best || x - 1 - start > best[1] - best[0]) best = [start, x - 1];
            start = -1;
          }
        }
        if (best && best[1] - best[0] >= w / 10) rows.push(best);
      }
      return rows;
    },
    [w, h] as const,
  );
}

describe.skipIf(!browserAvailable)("a 2-D result in the mesh workspace", () => {
  let studio: BrowserStudio;
  let page: Page;

  beforeAll(async () => {
    studio = await startBrowserStudio({ files: { "flat/plate.vtu": plate() } });
    page = await studio.page();
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  // decision 170
  it("opens top-down: the plate is an upright rectangle", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${studio.server.entry}#/mesh?file=flat/plate.vtu`);
    await page.waitForSelector('.workspace[data-ws="mesh"][data-state="ready"]', {
      timeout: 30_000,
    });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, "mesh-2d.png") });
    const rows = await colouredRows(page, 160, 100);
    expect(rows.length).toBeGreaterThan(5);
    // Every inner row spans the same columns (edges straight up and down).
    const inner = rows.slice(1, -1);
    const lefts = inner.map((r) => r[0]);
    const rights = inner.map((r) => r[1]);
    expect(Math.max(...lefts) - Math.min(...lefts)).toBeLessThanOrEqual(1);
    expect(Math.max(...rights) - Math.min(...rights)).toBeLessThanOrEqual(1);
    // Wider than tall, as the plate (0.3 × 0.1 m) lies in x-y.
    expect(inner[0]![1] - inner[0]![0]).toBeGreaterThan(rows.length);
  });
});
