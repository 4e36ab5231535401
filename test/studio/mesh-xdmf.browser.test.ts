/**
 * An XDMF series (FEniCSx: XDMF + HDF5) opens in the Mesh workspace: the
 * page reads the .xdmf and its .h5 through the studio's file API, the HDF5
 * library runs in the browser, and the three time steps play with the
 * temperature shown. Skipped when Chromium is missing locally; required when
 * CI=true.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES } from "../mixed/xdmf/xdmf-helpers.js";
import { type BrowserStudio, browserAvailable, startBrowserStudio } from "./browser-launch.js";

describe.skipIf(!browserAvailable)("an XDMF series in the mesh workspace", () => {
  let studio: BrowserStudio;
  let page: Page;

  beforeAll(async () => {
    studio = await startBrowserStudio();
    mkdirSync(join(studio.root, "fenicsx"));
    for (const f of ["heat_p1.xdmf", "heat_p1.h5"])
      copyFileSync(join(FIXTURES, f), join(studio.root, "fenicsx", f));
    page = await studio.page();
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  it("opens heat_p1.xdmf with its HDF5 file: three steps, T chosen", async () => {
    await page.goto(`${studio.server.entry}#/mesh?file=fenicsx/heat_p1.xdmf&t=0`);
    await page.waitForSelector('.workspace[data-ws="mesh"][data-state="ready"]', {
      timeout: 30_000,
    });
    const scrub = page.locator('.workspace[data-ws="mesh"] input.scrub');
    expect([
      Number(await scrub.getAttribute("min")),
      Number(await scrub.getAttribute("max")),
    ]).toEqual([0, 1]);
    expect(await page.locator(".load-note").textContent()).toContain("“T”");
    const options = await page.locator(".bodies select.scalar option").allTextContents();
    expect(options[0]).toMatch(/^T\b/);
  });
});
