/**
 * What a new user hit in the studio (issue 17), in Chromium over a copy of
 * the demo: the file view as a page (summary, plurals, docs link, a PNG as
 * its picture), the Mixed screenshot with its legend, the fixed range's
 * fields, and no console errors for files that may be missing.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { decode } from "fast-png";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { colormap } from "../../src/core/colormap.js";
import {
  type BrowserStudio,
  browserAvailable,
  downloadedFile,
  OUT,
  openMixed,
  startBrowserStudio,
} from "./browser-launch.js";

describe.skipIf(!browserAvailable)("studio: file view, screenshot legend, quiet reads", () => {
  let studio: BrowserStudio;
  let page: Page;

  beforeAll(async () => {
    studio = await startBrowserStudio({ files: { "broken.png": "not a picture\n" } });
    page = await studio.page(1280, 800);
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  const show = async (file: string, state: string) => {
    await page.goto("about:blank");
    await page.goto(`${studio.server.entry}#/file?file=${encodeURIComponent(file)}`);
    await page.waitForSelector(`.file-view[data-state="${state}"]`, { timeout: 30_000 });
  };
  /** The text of the summary's entry `key` (its `<dd>`). */
  const entry = (key: string) =>
    page.evaluate((key) => {
      const dt = [...document.querySelectorAll(".file-view dl.summary > dt")].find(
        (e) => e.textContent === key,
      );
      return dt?.nextElementSibling?.textContent ?? null;
    }, key);

  // decision 153
  it("shows an .agr's summary as a list, with plurals and a working docs link", async () => {
    await show("rod.agr", "valid");
    expect(await page.locator(".file-view pre").count()).toBe(0);
    expect(await entry("times")).toBe("61 times, 0 – 3 s");
    expect(await entry("nodes")).toBe("2,135");
    expect(await page.locator(".file-view .verdict").textContent()).toBe(
      "Valid: no errors, no warnings.",
    );
    const href = await page.locator(".file-view .format a.docs").getAttribute("href");
    expect(href).toBe("/docs/formats/agr.md");
    const page2 = await page.evaluate(async (href) => {
      const r = await fetch(href);
      return { status: r.status, text: await r.text() };
    }, href!);
    expect(page2.status).toBe(200);
    expect(page2.text).toContain(".agr");
    await page.screenshot({ path: join(OUT, "file-view-agr-1280x800.png") });
  });

  it("shows records of one kind as a table, a nested record on one line", async () => {
    await show("slider-crank.amb", "valid");
    const rows = page.locator(".file-view dl.summary > dd table.records tbody tr");
    expect(await rows.count()).toBe(5);
    expect(await rows.nth(3).textContent()).toBe(
      "4pistonkind: cylinder; radius: 0.025; length: 0.04",
    );
    expect(await entry("times")).toBe("0 – 3 s");
  });

  // decision 156
  it("shows a PNG as its picture with its size", async () => {
    await show("live/face-blink.png", "valid");
    const img = page.locator(".file-view figure.picture img");
    await page.waitForFunction(() => {
      const i = document.querySelector<HTMLImageElement>(".file-view figure.picture img");
      return i?.complete && i.naturalWidth > 0;
    });
    expect(await img.evaluate((i: HTMLImageElement) => [i.naturalWidth, i.naturalHeight])).toEqual([
      320, 240,
    ]);
    expect(await page.locator(".file-view figcaption").textContent()).toMatch(
      /^320 × 240 pixels, [\d.]+ KB$/,
    );
    // A PNG that does not check is not handed to the browser's decoder.
    await show("broken.png", "invalid");
    expect(await page.locator(".file-view figure.picture").count()).toBe(0);
  });

  it("says the verdict of a broken file in Russian with Russian plurals", async () => {
    await show("broken.amx", "invalid");
    expect(await page.locator(".file-view .verdict").textContent()).toBe(
      "Invalid: 1 error, no warnings.",
    );
    await page.selectOption("select.lang", "ru");
    expect(await page.locator(".file-view .verdict").textContent()).toBe(
      "Некорректен: 1 ошибка, предупреждений нет.",
    );
    await page.selectOption("select.lang", "en");
  });

  // decision 157
  it("saves a screenshot with the colour legends under the view and the time", async () => {
    await openMixed(page, studio.server.entry, "#/mixed?file=slider-crank.amx&t=1");
    const view = await page.evaluate(() => {
      const c = document.querySelector<HTMLCanvasElement>(".stage canvas")!;
      return { width: c.width, height: c.height, scale: c.width / c.clientWidth };
    });
    const [shot] = await Promise.all([
      page.waitForEvent("download"),
      page.click("button.screenshot"),
    ]);
    const png = decode(readFileSync(await downloadedFile(shot)));
    expect(png.width).toBe(view.width);
    expect(png.height).toBeGreaterThan(view.height);
    const at = (x: number, y: number) => {
      const i = (y * png.width + x) * png.channels;
      return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
    };
    const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 10);
    // Both legends (viridis) are in the band: their bars' low and high ends.
    const lut = colormap("viridis");
    const low = [lut[0]!, lut[1]!, lut[2]!];
    const high = [lut[765]!, lut[766]!, lut[767]!];
    let lows = 0;
    let highs = 0;
    let dark = 0;
    for (let y = view.height; y < png.height; y++) {
      for (let x = 0; x < png.width; x++) {
        const p = at(x, y);
        if (near(p, low)) lows++;
        if (near(p, high)) highs++;
        if (p[0]! + p[1]! + p[2]! < 150) dark++;
      }
    }
    expect(lows).toBeGreaterThan(10);
    expect(highs).toBeGreaterThan(10);
    expect(dark).toBeGreaterThan(lows); // text: titles and ticks
    // The time is written on the view's top left corner (dark text on a light box).
    let timeInk = 0;
    for (let y = 0; y < 26 * view.scale; y++)
      for (let x = 0; x < 140 * view.scale; x++) if (at(x, y).every((v) => v < 90)) timeInk++;
    expect(timeInk).toBeGreaterThan(20);
  });

  for (const [width, height] of [
    [800, 600],
    [1280, 800],
  ] as const) {
    // decision 158
    it(`at ${width}×${height} the fixed range's fields show their whole values`, async () => {
      const p = await studio.page(width, height);
      try {
        await openMixed(p, studio.server.entry, "#/mixed?file=slider-crank.amx&t=1");
        await p.selectOption('.legend[data-body="3"] select.range-mode', "fixed");
        const fields = await p.evaluate(() => {
          const legend = document.querySelector<HTMLElement>('.legend[data-body="3"]')!;
          const g = document.createElement("canvas").getContext("2d")!;
          return [...legend.querySelectorAll<HTMLInputElement>(".fixed input")].map((input) => {
            const s = getComputedStyle(input);
            g.font = s.font;
            const room =
              input.clientWidth -
              Number.parseFloat(s.paddingLeft) -
              Number.parseFloat(s.paddingRight);
            const box = input.getBoundingClientRect();
            return {
              value: input.value,
              text: g.measureText(input.value).width,
              room,
              inside:
                box.right <= legend.getBoundingClientRect().right + 0.5 && box.right <= innerWidth,
            };
          });
        });
        expect(fields.map((f) => f.value)).toEqual(["0", "0.002315"]);
        for (const f of fields) {
          expect(f.text).toBeLessThanOrEqual(f.room);
          expect(f.inside).toBe(true);
        }
        await p.screenshot({ path: join(OUT, `fixed-range-${width}x${height}.png`) });
      } finally {
        await p.close();
      }
    });
  }

  // decision 154
  it("logs no error for files that may be missing (a companion, a catalogue made on first use)", async () => {
    rmSync(join(studio.root, "CAD_Matrixes.dat"));
    rmSync(join(studio.root, "misc_data", "bulge_types"));
    const failures: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") failures.push(m.text());
    });
    page.on("response", (r) => {
      if (r.status() >= 400) failures.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await openMixed(page, studio.server.entry, "#/mixed?file=slider-crank.amx&t=0");
    await page.goto(`${studio.server.entry}#/bulge`);
    await page.waitForSelector('.workspace.bulge[data-state="ready"]', { timeout: 30_000 });
    await page.goto(`${studio.server.entry}#/live?file=live%2Fface.scene.json`);
    await page.waitForSelector('.workspace.live[data-state="ready"]', { timeout: 30_000 });
    expect(failures).toEqual([]);
  });
});
