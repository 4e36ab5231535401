/**
 * The mesh workspace in real headless Chromium: an `.agr` and a VTK series
 * opened alone (`#/mesh?file=…`), their timeline spanning the mesh's own
 * frames, the scalar chosen for a VTK series shown and switchable, errors
 * located; a solver's series dropped onto the studio is written into
 * `imported/<name>/` and opened there. Screenshots at 800×600 and 1280×800
 * go to .out/. Skipped with a message when Chromium is missing locally;
 * required when CI=true.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAgr } from "../../src/mixed/agr/index.js";
import { demoPath, fixturePath } from "../helpers.js";
import { cubeSeries } from "../mixed/vtk/vtu-text.js";
import {
  type BrowserStudio,
  browserAvailable,
  canvasPixels,
  differs,
  OUT,
  pageErrors,
  startBrowserStudio,
} from "./browser-launch.js";

const SERIES = cubeSeries("results/beam", [0, 0.5, 2], ["displacement", "T"]);
/** OpenFOAM-style velocity `U` beside a pressure `p` (test/fixtures/vtk/disp). */
const FOAM = {
  "foam/openfoam-U.vtk": readFileSync(fixturePath("vtk/disp/openfoam-U.vtk"), "utf8"),
};
/** FEniCS' cantilever: a `.pvd` of zlib-compressed `.vtu` files (test/fixtures/solvers). */
const SOLVER = Object.fromEntries(
  ["displacement.pvd", ...[0, 1, 2].map((i) => `displacement00000${i}.vtu`)].map((name) => [
    `solver/${name}`,
    readFileSync(fixturePath(`solvers/fenics/beam/${name}`), "utf8"),
  ]),
);
const DROP = cubeSeries("drop", [1, 1.5, 3, 4]);

describe.skipIf(!browserAvailable)("studio mesh workspace in Chromium", () => {
  let studio: BrowserStudio;
  let page: Page;
  let errors: string[] = [];

  beforeAll(async () => {
    studio = await startBrowserStudio({ files: { ...SERIES, ...SOLVER, ...FOAM } });
    page = await studio.page();
    errors = pageErrors(page);
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  const ready = '.workspace[data-ws="mesh"][data-state="ready"]';
  async function open(hash: string, state = ready): Promise<void> {
    await page.goto("about:blank");
    await page.goto(`${studio.server.entry}${hash}`);
    await page.waitForSelector(state, { timeout: 30_000 });
  }
  const span = async () => {
    const scrub = page.locator('.workspace[data-ws="mesh"] input.scrub');
    return [Number(await scrub.getAttribute("min")), Number(await scrub.getAttribute("max"))];
  };
  /** Whether the stage shows something besides the background. */
  const drawn = async () => {
    const px = await canvasPixels(page, '.workspace[data-ws="mesh"] .stage canvas', 64, 48);
    return px.filter((v) => Math.abs(v - (0xf4 + 0xf5 + 0xf7)) > 60).length;
  };

  it("opens a binary .agr alone over its own time span, with its scalars", async () => {
    await open("#/mesh?file=rod.agr&t=0");
    const rod = readAgr(new Uint8Array(readFileSync(demoPath("rod.agr")))).model!;
    expect(await span()).toEqual([rod.times[0], rod.times[rod.times.length - 1]]);
    expect(await drawn()).toBeGreaterThan(10);
    const options = await page.locator(".bodies select.scalar option").allTextContents();
    expect(options).toEqual(rod.scalars.map((p) => `${p.name} (${p.unit})`));
    expect(await page.locator(".tabs a.active").textContent()).toBe("Mesh");
    // The legend and the exaggeration of a type-1 mesh are there.
    expect(await page.locator(".legend").count()).toBe(1);
    expect(await page.locator(".bodies input.exaggeration").count()).toBe(1);
  });

  it("opens a .pvd series, says which scalar it chose, and switches scalars", async () => {
    await open("#/mesh?file=results/beam.pvd&t=2");
    expect(await span()).toEqual([0, 2]);
    const note = await page.locator(".load-note").textContent();
    expect(note).toContain("stress-strain (type 1)");
    expect(note).toContain("“displacement”");
    // decision 178: no unit is claimed that the data does not settle.
    expect(await page.locator(".bodies select.scalar option").allTextContents()).toEqual([
      "displacement",
      "displacement_magnitude",
      "T (K)",
    ]);
    const before = await canvasPixels(page, '.workspace[data-ws="mesh"] .stage canvas');
    await page.selectOption(".bodies select.scalar", "2");
    expect(await page.locator(".legend .max").textContent()).toMatch(/303/);
    expect(
      differs(before, await canvasPixels(page, '.workspace[data-ws="mesh"] .stage canvas')),
    ).toBeGreaterThan(0);
  });

  // decision 176
  it("does not warp by an OpenFOAM-style U: it offers it coloured by magnitude", async () => {
    await open("#/mesh?file=foam/openfoam-U.vtk&t=0");
    const note = await page.locator(".load-note").textContent();
    expect(note).not.toContain("stress-strain (type 1)");
    expect(note).toContain("“U” not taken as displacement (it may be velocity");
    expect(await page.locator(".bodies input.exaggeration").count()).toBe(0);
    expect(await page.locator(".bodies select.scalar option").allTextContents()).toEqual([
      "p",
      "U_magnitude",
    ]);
  });

  // decision 111
  it("plays a real solver's compressed series (DOLFIN's blocks end in bytes after their zlib stream)", async () => {
    await open("#/mesh?file=solver/displacement.pvd&t=0");
    expect(await span()).toEqual([1, 3]);
    expect(await drawn()).toBeGreaterThan(10);
  });

  it("opens a series from the file list", async () => {
    await open("#/mesh?file=rod.agr&t=0");
    await page.click('.file-list li[data-path="results/beam.pvd"] > .row a.name');
    await page.waitForFunction(() => decodeURIComponent(location.hash).includes("beam.pvd"));
    await page.waitForSelector(ready);
    expect(await span()).toEqual([0, 2]);
  });

  it("shows a broken file's errors with their locations", async () => {
    await open("#/mesh?file=broken.agr", '.workspace[data-ws="mesh"][data-state="error"]');
    expect(await page.locator(".problems-list").first().textContent()).toMatch(
      /broken\.agr:2:6: error AGR\d{3}/,
    );
  });

  it("brings a dropped series into imported/<name>/ and plays it", async () => {
    await open("#/mesh?file=rod.agr&t=0");
    const drop = async () =>
      page.evaluate((files: Record<string, string>) => {
        const data = new DataTransfer();
        for (const [name, text] of Object.entries(files))
          data.items.add(new File([text], name, { type: "application/octet-stream" }));
        window.dispatchEvent(
          new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }),
        );
      }, DROP);
    await drop();
    await page.waitForFunction(
      () => decodeURIComponent(location.hash).includes("imported/drop/drop.pvd"),
      null,
      {
        timeout: 30_000,
      },
    );
    await page.waitForSelector(ready);
    expect(await span()).toEqual([1, 4]);
    expect(await drawn()).toBeGreaterThan(10);
    for (const name of Object.keys(DROP))
      expect(readFileSync(join(studio.root, "imported", "drop", name), "utf8")).toBe(DROP[name]);
    // Dropped again: a new folder, nothing replaced.
    await drop();
    await page.waitForFunction(
      () => decodeURIComponent(location.hash).includes("imported/drop-2/drop.pvd"),
      null,
      {
        timeout: 30_000,
      },
    );
    expect(existsSync(join(studio.root, "imported", "drop-2", "drop_3.vtu"))).toBe(true);
  });

  it("fits at 800×600 and 1280×800 with no console errors", async () => {
    for (const [w, h] of [
      [800, 600],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await open("#/mesh?file=results/beam.pvd&t=1");
      await page.screenshot({ path: join(OUT, `mesh-${w}x${h}.png`) });
      // Nothing of the workspace is cut off: every panel lies inside the window.
      const outside = await page.evaluate(() => {
        const out: string[] = [];
        for (const el of document.querySelectorAll<HTMLElement>(
          '.workspace[data-ws="mesh"] .timeline, .workspace[data-ws="mesh"] .side, .workspace[data-ws="mesh"] .stage canvas',
        )) {
          const r = el.getBoundingClientRect();
          if (r.right > innerWidth + 1 || r.bottom > innerHeight + 1) out.push(el.className);
        }
        return out;
      });
      expect(outside).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
});
