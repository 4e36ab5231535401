/**
 * The studio in real headless Chromium (Debian's, software WebGL) driven by
 * playwright-core: the mixed workspace's features end to end.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BrowserStudio,
  browserAvailable,
  differs,
  downloadedFile,
  openMixed,
  canvasPixels as pixelsOf,
  startBrowserStudio,
} from "./browser-launch.js";

describe.skipIf(!browserAvailable)("studio in Chromium", () => {
  let studio: BrowserStudio;
  let server: BrowserStudio["server"];
  let page: Page;
  let root: string;

  beforeAll(async () => {
    studio = await startBrowserStudio();
    server = studio.server;
    root = studio.root;
    page = await studio.page();
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  const canvasPixels = () => pixelsOf(page);
  const open = (hash: string) => openMixed(page, server.entry, hash);

  it("opens the demo and draws it (not a blank canvas)", async () => {
    await open("#/mixed?file=slider-crank.amx&t=0");
    const pixels = await canvasPixels();
    expect(new Set(pixels).size).toBeGreaterThan(8);
    expect(await page.locator(".legend").count()).toBe(2);
    expect(await page.locator(".file-list li").count()).toBeGreaterThanOrEqual(6);
  });

  it("plays: the time and the canvas move on", async () => {
    await open("#/mixed?file=slider-crank.amx");
    expect(await page.locator(".play").getAttribute("data-playing")).toBe("true");
    const clock0 = await page.locator(".clock").textContent();
    const before = await canvasPixels();
    await page.waitForTimeout(900);
    expect(await page.locator(".clock").textContent()).not.toBe(clock0);
    expect(differs(before, await canvasPixels())).toBeGreaterThan(0);
  });

  it("keyboard: Space plays and pauses, arrows step a frame", async () => {
    await open("#/mixed?file=slider-crank.amx&t=0");
    await page.locator("h1").click();
    await page.keyboard.press("ArrowRight");
    expect(await page.locator(".clock").textContent()).toContain("0.010 s");
    await page.keyboard.press("ArrowLeft");
    expect(await page.locator(".clock").textContent()).toContain("0.000 s");
    await page.keyboard.press(" ");
    expect(await page.locator(".play").getAttribute("data-playing")).toBe("true");
    await page.keyboard.press(" ");
    expect(await page.locator(".play").getAttribute("data-playing")).toBe("false");
  });

  // decision 16
  it("deep links at t=0 and t=50% render differently", async () => {
    await open("#/mixed?file=slider-crank.amx&t=0");
    const start = await canvasPixels();
    expect(await page.locator(".clock").textContent()).toContain("0.000 s");
    await open("#/mixed?file=slider-crank.amx&t=50%25");
    expect(await page.locator(".clock").textContent()).toContain("1.500 s");
    expect(differs(start, await canvasPixels())).toBeGreaterThan(0);
  });

  it("probes a node: number, coordinates, value and a plot over the animation", async () => {
    await open("#/mixed?file=slider-crank.amx&t=0.5");
    const box = (await page.locator(".stage canvas").boundingBox())!;
    let found = false;
    for (let gy = 1; gy < 12 && !found; gy++) {
      for (let gx = 1; gx < 16 && !found; gx++) {
        await page.mouse.click(box.x + (box.width * gx) / 16, box.y + (box.height * gy) / 12);
        found = (await page.locator(".probe canvas.plot").count()) > 0;
      }
    }
    expect(found).toBe(true);
    expect(await page.locator(".probe .node").textContent()).toMatch(/#\d+/);
    expect(await page.locator(".probe .coords").textContent()).toMatch(
      /-?\d+\.\d+, -?\d+\.\d+, -?\d+\.\d+/,
    );
    const before = await page.locator(".probe .value").textContent();
    expect(before).toMatch(/\d/);
    // The probed value follows the time (the over-time series is not rebuilt per frame).
    for (let i = 0; i < 5; i++) await page.click("button.step-forward");
    expect(await page.locator(".probe .value").textContent()).not.toBe(before);
  });

  it("switches to Russian", async () => {
    await open("#/mixed?file=slider-crank.amx&t=0");
    await page.selectOption("select.lang", "ru");
    expect(await page.locator(".tabs a.active").textContent()).toBe("Смешанная анимация");
    expect(await page.locator(".side h3").first().textContent()).toBe("Тела");
    expect(await page.locator(".play").getAttribute("title")).toMatch(/Пуск|Пауза/);
    await page.selectOption("select.lang", "en");
    expect(await page.locator(".tabs a.active").textContent()).toBe("Mixed animation");
  });

  // decision 17
  it("exports glTF as a download and VTK into the project", async () => {
    await open("#/mixed?file=slider-crank.amx&t=0");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click("button.export-gltf"),
    ]);
    expect(download.suggestedFilename()).toBe("slider-crank.glb");
    const path = await downloadedFile(download);
    const glb = readFileSync(path);
    expect(glb.subarray(0, 4).toString("latin1")).toBe("glTF");
    expect(glb.length).toBeGreaterThan(100_000);
    await page.click("button.export-vtk");
    await page.waitForFunction(
      () => /slider-crank-vtk\//.test(document.querySelector(".export-status")?.textContent ?? ""),
      null,
      { timeout: 60_000 },
    );
    await page.waitForSelector('.file-list li[data-path="slider-crank-vtk/slider-crank.pvd"]');
    expect(existsSync(join(root, "slider-crank-vtk", "slider-crank.pvd"))).toBe(true);
  }, 90_000);

  it("hides a body, fixes a colour range, and saves a PNG screenshot", async () => {
    await open("#/mixed?file=slider-crank.amx&t=1");
    const all = await canvasPixels();
    await page.locator('.body[data-body="4"] input[type="checkbox"]').uncheck();
    expect(differs(all, await canvasPixels())).toBeGreaterThan(0);
    expect(await page.locator(".legend").count()).toBe(1);
    await page.selectOption('.legend[data-body="3"] select.range-mode', "fixed");
    await page.fill('.legend[data-body="3"] input.fixed-max', "0.0005");
    await page.dispatchEvent('.legend[data-body="3"] input.fixed-max', "change");
    expect(await page.locator('.legend[data-body="3"] .max').textContent()).toBe("5.00e-4");
    const [shot] = await Promise.all([
      page.waitForEvent("download"),
      page.click("button.screenshot"),
    ]);
    expect(shot.suggestedFilename()).toMatch(/^slider-crank-1\.000s\.png$/);
    expect(
      readFileSync(await downloadedFile(shot))
        .subarray(1, 4)
        .toString("latin1"),
    ).toBe("PNG");
  });

  it("adds a file dropped from the desktop to the project", async () => {
    await open("#/mixed?file=slider-crank.amx&t=0");
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File(["dropped\n"], "dropped-note.txt", { type: "text/plain" }));
      window.dispatchEvent(
        new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }),
      );
    });
    await page.waitForSelector('.file-list li:has-text("dropped-note.txt")');
    expect(readFileSync(join(root, "dropped-note.txt"), "utf8")).toBe("dropped\n");
  });

  it("checks one file alone: summary of a valid .agr, located errors of a broken one", async () => {
    await page.goto("about:blank");
    await page.goto(`${server.entry}#/file?file=piston.agr`);
    await page.waitForSelector('.file-view[data-state="valid"]');
    expect(await page.locator(".file-view dl.summary").textContent()).toContain("temperature");
    await page.goto(`${server.entry}#/file?file=broken.agr`);
    await page.waitForSelector('.file-view[data-state="invalid"]');
    expect(await page.locator(".file-view .problems-list").textContent()).toMatch(
      /broken\.agr:2:6: error AGR\d{3}/,
    );
  });

  it("shows a broken .amx's diagnostics with line and column", async () => {
    await page.goto(`${server.entry}#/mixed?file=broken.amx`);
    await page.waitForSelector('.workspace.mixed[data-state="error"]', { timeout: 30_000 });
    const text = await page.locator(".problems").textContent();
    expect(text).toContain("broken.amx:3:5");
    expect(text).toContain("AMX013");
  });
});
