/**
 * A CalculiX `.frd` in the Mesh workspace (`#/mesh?file=x.frd`): its two
 * steps are the timeline, DISP the displacement, the body drawn. Skipped
 * with a message when Chromium is missing locally; required when CI=true.
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturePath } from "../helpers.js";
import {
  type BrowserStudio,
  browserAvailable,
  canvasPixels,
  startBrowserStudio,
} from "./browser-launch.js";

describe.skipIf(!browserAvailable)("a CalculiX .frd in the mesh workspace", () => {
  let studio: BrowserStudio;
  let page: Page;

  beforeAll(async () => {
    const frd = readFileSync(fixturePath("frd/cantilever.frd"), "latin1");
    studio = await startBrowserStudio({ files: { "ccx/cantilever.frd": frd } });
    page = await studio.page();
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  it("opens its steps as frames, follows DISP and draws the body", async () => {
    await page.goto(`${studio.server.entry}#/mesh?file=ccx/cantilever.frd&t=2`);
    await page.waitForSelector('.workspace[data-ws="mesh"][data-state="ready"]', {
      timeout: 30_000,
    });
    const scrub = page.locator('.workspace[data-ws="mesh"] input.scrub');
    expect([
      Number(await scrub.getAttribute("min")),
      Number(await scrub.getAttribute("max")),
    ]).toEqual([1, 2]);
    const note = await page.locator(".load-note").textContent();
    expect(note).toContain("stress-strain (type 1)");
    expect(note).toContain("“DISP”");
    expect(await page.locator(".bodies input.exaggeration").count()).toBe(1);
    const px = await canvasPixels(page, '.workspace[data-ws="mesh"] .stage canvas', 64, 48);
    expect(px.filter((v) => Math.abs(v - (0xf4 + 0xf5 + 0xf7)) > 60).length).toBeGreaterThan(10);
  });
});
