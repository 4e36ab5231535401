/**
 * Exodus II results open in the Mesh workspace in both encodings (NetCDF-3
 * through netcdfjs, NetCDF-4 through h5wasm, both in the browser), warped by
 * MOOSE's combined `disp`. Skipped with a message when Chromium is missing
 * locally; required when CI=true.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureBytes } from "../mixed/exodus/helpers.js";
import { type BrowserStudio, browserAvailable, OUT, startBrowserStudio } from "./browser-launch.js";

describe.skipIf(!browserAvailable)("Exodus II in the mesh workspace", () => {
  let studio: BrowserStudio;
  let page: Page;

  beforeAll(async () => {
    studio = await startBrowserStudio({
      files: {
        "moose/classic.exo": fixtureBytes("classic.exo"),
        "moose/hdf5.exo": fixtureBytes("hdf5.exo"),
      },
    });
    page = await studio.page();
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  // decision 207
  it("opens a NetCDF-3 and a NetCDF-4 file warped by disp", async () => {
    for (const file of ["moose/classic.exo", "moose/hdf5.exo"]) {
      await page.goto(`${studio.server.entry}#/mesh?file=${file}`);
      await page.waitForSelector('.workspace[data-ws="mesh"][data-state="ready"]', {
        timeout: 30_000,
      });
      const text = await page.locator('.workspace[data-ws="mesh"]').textContent();
      expect(text, file).toContain("“disp”");
      await page.screenshot({ path: join(OUT, `mesh-exodus-${file.split("/")[1]}.png`) });
    }
  });
});
