/**
 * Cell data and line cells in the Mesh workspace (issue 18, items 2 and 6):
 * a result whose only array is per cell colours the body (flat per cell, the
 * legend the cell values' range, not "0 0 0"), and a beam of line cells is
 * drawn as lines. Skipped with a message when Chromium is missing locally;
 * required when CI=true.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORMATS } from "../../src/formats.js";
import { loadMeshFile } from "../../src/mixed/index.js";
import { vtu } from "../mixed/vtk/vtu-text.js";
import {
  type BrowserStudio,
  browserAvailable,
  OUT,
  pageErrors,
  startBrowserStudio,
} from "./browser-launch.js";

/** A plate of 6 × 2 quads at z = 0 with one cell array, S_Mises = 10·i + j (0 … 51), and no point array. */
function plate(): string {
  const points: number[][] = [];
  for (let j = 0; j <= 2; j++) for (let i = 0; i <= 6; i++) points.push([i * 0.05, j * 0.05, 0]);
  const cells: number[][] = [];
  const values: number[] = [];
  for (let j = 0; j < 2; j++)
    for (let i = 0; i < 6; i++) {
      const a = j * 7 + i;
      cells.push([9, a, a + 1, a + 8, a + 7]);
      values.push(10 * i + j);
    }
  const data = `<CellData><DataArray type="Float64" Name="S_Mises" format="ascii">${values.join(" ")}</DataArray></CellData>`;
  return vtu(points, cells, []).replace("</Piece>", `${data}\n</Piece>`);
}

/** A Kratos-style beam: 8 nodes on an arch, 7 VTK_LINE cells, a displacement. */
function beam(): string {
  const points = Array.from({ length: 8 }, (_, k) => [
    k * 0.1,
    0.02 * Math.sin((k * Math.PI) / 7),
    0,
  ]);
  const cells = Array.from({ length: 7 }, (_, k) => [3, k, k + 1]);
  const u = points.flatMap((_, k) => [0, -0.001 * k, 0]);
  return vtu(points, cells, [{ name: "DISPLACEMENT", comps: "3", values: u }]);
}

/** The saturated pixels of the stage (sampled at `w`×`h`) inside its middle, by colour (bucketed). */
async function colours(page: Page, w: number, h: number): Promise<Map<string, number>> {
  const list = await page.evaluate(
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
      const out: string[] = [];
      // The middle 80 %: the body, not the axes triad in a corner.
      for (let y = Math.floor(h * 0.1); y < h * 0.9; y++)
        for (let x = Math.floor(w * 0.1); x < w * 0.9; x++) {
          const o = 4 * (y * w + x);
          const sat = Math.max(d[o]!, d[o + 1]!, d[o + 2]!) - Math.min(d[o]!, d[o + 1]!, d[o + 2]!);
          if (sat > 50) out.push([d[o]! >> 5, d[o + 1]! >> 5, d[o + 2]! >> 5].join(","));
        }
      return out;
    },
    [w, h] as const,
  );
  const m = new Map<string, number>();
  for (const k of list) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
}

describe.skipIf(!browserAvailable)("cell data and line cells in the mesh workspace", () => {
  let studio: BrowserStudio;
  let page: Page;
  let errors: string[] = [];

  beforeAll(async () => {
    studio = await startBrowserStudio({
      files: { "cells/plate.vtu": plate(), "beam/beam.vtu": beam() },
    });
    page = await studio.page();
    errors = pageErrors(page);
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  const open = async (file: string) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("about:blank");
    await page.goto(`${studio.server.entry}#/mesh?file=${file}`);
    await page.waitForSelector('.workspace[data-ws="mesh"][data-state="ready"]', {
      timeout: 30_000,
    });
    await page.waitForTimeout(300);
  };

  // decision 184
  it("cell data colours the body, flat per cell, the legend the cells' range", async () => {
    await open("cells/plate.vtu");
    await page.screenshot({ path: join(OUT, "mesh-cells.png") });
    expect(await page.locator(".bodies select.scalar option").allTextContents()).toEqual([
      "S_Mises",
    ]);
    expect(Number(await page.locator(".legend .min").textContent())).toBe(0);
    expect(Number(await page.locator(".legend .max").textContent())).toBe(51);
    const c = await colours(page, 320, 200);
    // Many pixels coloured, in several colours (the 12 cells' values): not one uniform colour.
    expect([...c.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(2000);
    expect([...c.values()].filter((n) => n > 100).length).toBeGreaterThanOrEqual(4);
    expect(errors).toEqual([]);
  });

  it("the probe shows the clicked cell's value, not a node average", async () => {
    await open("cells/plate.vtu");
    // The plate's box on the page: the saturated pixels of the stage's middle.
    const box = await page.evaluate(() => {
      const gl = document.querySelector<HTMLCanvasElement>(
        '.workspace[data-ws="mesh"] .stage canvas',
      )!;
      const r = gl.getBoundingClientRect();
      const c = document.createElement("canvas");
      c.width = Math.round(r.width);
      c.height = Math.round(r.height);
      const g = c.getContext("2d")!;
      g.drawImage(gl, 0, 0, c.width, c.height);
      const d = g.getImageData(0, 0, c.width, c.height).data;
      let [x0, y0, x1, y1] = [c.width, c.height, 0, 0];
      // Above the axes triad (bottom left).
      for (let y = Math.floor(c.height * 0.1); y < c.height * 0.75; y++)
        for (let x = Math.floor(c.width * 0.1); x < c.width * 0.9; x++) {
          const o = 4 * (y * c.width + x);
          const sat = Math.max(d[o]!, d[o + 1]!, d[o + 2]!) - Math.min(d[o]!, d[o + 1]!, d[o + 2]!);
          if (sat <= 50) continue;
          [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
        }
      return { x0: r.left + x0, y0: r.top + y0, x1: r.left + x1, y1: r.top + y1 };
    });
    // The upper-left cell (i = 0, j = 1, y up): S_Mises 1; its nodes' averages are 0.5 … 5.5.
    await page.mouse.click(box.x0 + (box.x1 - box.x0) / 24, box.y0 + (box.y1 - box.y0) / 4);
    await page.screenshot({ path: join(OUT, "mesh-cells-probe.png") });
    await page.waitForSelector(".probe .value", { timeout: 5000 });
    await page.waitForTimeout(200);
    expect(Number(await page.locator(".probe .value").textContent())).toBe(1);
    expect(await page.locator(".probe .node").textContent()).toMatch(/cell #6\)/);
  });

  // decision 350
  it("exports the cells of a mesh the server sent without them", async () => {
    await open("cells/plate.vtu");
    await page.click("button.export-vtk");
    await page.waitForFunction(
      () => /plate-vtk\//.test(document.querySelector(".export-status")?.textContent ?? ""),
      null,
      { timeout: 60_000 },
    );
    const folder = join(studio.root, "cells", "plate-vtk");
    // The first frame's body: plate_00000/<body>.vtu.
    const name = readdirSync(folder, { recursive: true })
      .map(String)
      .find((f) => f.endsWith(".vtu"))!;
    const bytes = new Uint8Array(readFileSync(join(folder, name)));
    const none = async () => ({ status: "missing" }) as const;
    const written = await loadMeshFile(name, bytes, none, FORMATS);
    const plateBytes = new TextEncoder().encode(plate());
    const source = await loadMeshFile("plate.vtu", plateBytes, none, FORMATS);
    // The 12 quads as they are, not an empty cell list.
    expect(written.model!.cellTypes.length).toBe(12);
    expect(written.model!.connectivity).toEqual(source.model!.connectivity);
    expect(errors).toEqual([]);
  }, 90_000);

  it("a model of line cells only is drawn as lines", async () => {
    await open("beam/beam.vtu");
    await page.screenshot({ path: join(OUT, "mesh-lines.png") });
    const c = await colours(page, 640, 400);
    const coloured = [...c.values()].reduce((a, b) => a + b, 0);
    // A line across the view: hundreds of pixels, far fewer than a filled body.
    expect(coloured).toBeGreaterThan(100);
    expect(coloured).toBeLessThan(640 * 400 * 0.2);
    expect(errors).toEqual([]);
  });
});
