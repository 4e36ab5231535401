/**
 * The studio shell in Chromium: routes, the timeline slider, the layout from
 * 800×600 up, the view helpers (colours, hover names, grid, triad, edges,
 * legend ticks) and translated diagnostics. Each test here failed before the
 * defect it names was fixed.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BrowserStudio,
  browserAvailable,
  canvasPixels,
  differs,
  OUT,
  openMixed,
  startBrowserStudio,
} from "./browser-launch.js";

type Rect = { name: string; left: number; top: number; right: number; bottom: number };

/** Boxes of the parts that must never overlap: tool buttons, legends, side panels, view, timeline. */
async function layoutBoxes(page: Page): Promise<Rect[]> {
  return page.evaluate(() => {
    const out: Rect[] = [];
    const add = (name: string, el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0)
        out.push({ name, left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    };
    for (const [i, b] of [...document.querySelectorAll(".toolbar button")].entries())
      add(`button ${i}`, b);
    for (const [i, l] of [...document.querySelectorAll(".legend")].entries()) add(`legend ${i}`, l);
    for (const [name, sel] of [
      ["files", "aside.files"],
      ["side", ".mixed .side"],
      ["timeline", ".timeline"],
      ["view", ".mixed .view"],
      ["header", "header"],
    ] as const) {
      const el = document.querySelector(sel);
      if (el) add(name, el);
    }
    return out;
  });
}

function overlaps(boxes: Rect[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 0.5 && h > 0.5) found.push(`${a.name} × ${b.name}`);
    }
  return found;
}

/** Model pixels (not background, not the triad's corner) in the canvas, and how many touch its border. */
async function modelInCanvas(page: Page): Promise<{ model: number; edge: number }> {
  return page.evaluate(() => {
    const gl = document.querySelector<HTMLCanvasElement>(".stage canvas")!;
    const c = document.createElement("canvas");
    c.width = gl.clientWidth;
    c.height = gl.clientHeight;
    const g = c.getContext("2d")!;
    g.drawImage(gl, 0, 0, c.width, c.height);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    let model = 0;
    let edge = 0;
    for (let y = 0; y < c.height; y++)
      for (let x = 0; x < c.width; x++) {
        const i = (y * c.width + x) * 4;
        const bg =
          Math.abs(d[i]! - 244) + Math.abs(d[i + 1]! - 245) + Math.abs(d[i + 2]! - 247) < 12;
        if (bg || (x < 100 && y > c.height - 100)) continue;
        model++;
        if (x < 2 || y < 2 || x >= c.width - 2 || y >= c.height - 2) edge++;
      }
    return { model, edge };
  });
}

describe.skipIf(!browserAvailable)("studio shell in Chromium", () => {
  let studio: BrowserStudio;
  let page: Page;

  beforeAll(async () => {
    studio = await startBrowserStudio();
    page = await studio.page();
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  const open = (hash: string) => openMixed(page, studio.server.entry, hash);
  const clockSeconds = async () =>
    Number(/(\d+\.\d+) s/.exec((await page.locator(".clock").textContent()) ?? "")?.[1]);

  it("one click at 75% of the timeline slider seeks to about 75% (paused and playing)", async () => {
    for (const hash of ["#/mixed?file=slider-crank.amx&t=0", "#/mixed?file=slider-crank.amx"]) {
      await open(hash);
      const box = (await page.locator(".scrub").boundingBox())!;
      await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
      // The demo runs from 0 to 3 s; the thumb's width shifts the exact spot a little.
      expect(await clockSeconds()).toBeGreaterThan(2.1);
      expect(await clockSeconds()).toBeLessThan(2.4);
      expect(await page.locator(".play").getAttribute("data-playing")).toBe("false");
    }
  });

  it("buttons are icons from the icon set, not font glyphs", async () => {
    await open("#/mixed?file=slider-crank.amx");
    for (const sel of [".play", ".step-back", ".step-forward", "button.fit"]) {
      expect(await page.locator(`${sel} svg path`).count()).toBe(1);
    }
    expect((await page.locator(".play").textContent())?.trim()).toBe("");
  });

  // Each size opens the model afresh (the framing on opening is part of what is checked), so
  // the list holds only sizes that can fail apart: the smallest and the common size in English,
  // a window taller than wide, and the middle size with Russian's longer labels (at 1280×800
  // they have more room than at 1024×640, and English at 1024×640 has less to fit).
  for (const [width, height, lang] of [
    [800, 600, "en"],
    [1280, 800, "en"],
    // Taller than wide: the horizontal field of view is the one the model must fit.
    [800, 1000, "en"],
    // Russian labels are longer.
    [1024, 640, "ru"],
  ] as const) {
    it(`at ${width}×${height} (${lang}): nothing overlaps or is cut off, and Fit view shows the whole model`, async () => {
      const p = await studio.page(width, height);
      try {
        await p.addInitScript((l) => localStorage.setItem("deforma.lang", l), lang);
        await openMixed(p, studio.server.entry, "#/mixed?file=slider-crank.amx&t=1");
        await p.screenshot({ path: join(OUT, `studio-${width}x${height}-${lang}.png`) });
        const boxes = await layoutBoxes(p);
        expect(boxes.filter((b) => b.name.startsWith("button")).length).toBeGreaterThanOrEqual(6);
        expect(boxes.filter((b) => b.name.startsWith("legend")).length).toBe(2);
        expect(overlaps(boxes)).toEqual([]);
        const fits = await p.evaluate(() => {
          const inside = (el: Element | null) => {
            const r = el?.getBoundingClientRect();
            return (
              !!r &&
              r.left >= 0 &&
              r.top >= 0 &&
              r.right <= innerWidth + 0.5 &&
              r.bottom <= innerHeight + 0.5
            );
          };
          return {
            page:
              document.documentElement.scrollWidth <= innerWidth &&
              document.documentElement.scrollHeight <= innerHeight,
            timeline: inside(document.querySelector(".timeline")),
            buttons: [...document.querySelectorAll(".toolbar button, .timeline button")].every(
              inside,
            ),
            legends: [...document.querySelectorAll(".legend")].every(inside),
          };
        });
        expect(fits).toEqual({ page: true, timeline: true, buttons: true, legends: true });
        // Without the grid, the canvas's border is background all round (the triad's corner aside):
        // the model's projection lies inside the canvas, as opened and after Fit view (F).
        await p.click("button.grid");
        await p.waitForTimeout(100);
        const opened = await modelInCanvas(p);
        expect(opened.model).toBeGreaterThan(500);
        expect(opened.edge).toBe(0);
        await p.locator("h1").click();
        await p.keyboard.press("f");
        expect(await modelInCanvas(p)).toEqual(opened);
      } finally {
        await p.close();
      }
    });
  }

  it("rigid bodies have distinct colours and say their name under the pointer", async () => {
    await open("#/mixed?file=slider-crank.amx&t=1");
    const colours = await page
      .locator(".bodies .swatch")
      .evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
    expect(colours.length).toBeGreaterThanOrEqual(3);
    expect(new Set(colours).size).toBe(colours.length);
    const box = (await page.locator(".stage canvas").boundingBox())!;
    const names = new Set<string>();
    const found = () =>
      [...names].some((n) => /^\d+ (frame|crank|counterweight)$/.test(n)) &&
      [...names].some((n) => /^\d+ (connecting_rod|piston)$/.test(n));
    for (let gy = 2; gy < 12 && !found(); gy++)
      for (let gx = 1; gx < 20 && !found(); gx++) {
        await page.mouse.move(box.x + (box.width * gx) / 20, box.y + (box.height * gy) / 14);
        // The tooltip follows on the next animation frame.
        await page.evaluate(
          () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
        );
        const tip = page.locator(".hover-tip");
        if (await tip.isVisible()) names.add((await tip.textContent()) ?? "");
      }
    expect([...names].some((n) => /^\d+ (frame|crank|counterweight)$/.test(n))).toBe(true);
    expect([...names].some((n) => /^\d+ (connecting_rod|piston)$/.test(n))).toBe(true);
  });

  it("ground grid with a 1/2/5×10^k spacing, axes triad, mesh edges toggle", async () => {
    await open("#/mixed?file=slider-crank.amx&t=1");
    const label = (await page.locator(".grid-label").textContent()) ?? "";
    const spacing = Number(/([\d.e-]+) m/.exec(label)?.[1]);
    const mantissa = spacing / 10 ** Math.floor(Math.log10(spacing));
    expect([1, 2, 5]).toContain(Math.round(mantissa * 1000) / 1000);
    const withGrid = await canvasPixels(page);
    await page.click("button.grid");
    expect(differs(withGrid, await canvasPixels(page))).toBeGreaterThan(0);
    const noEdges = await canvasPixels(page);
    await page.click("button.edges");
    expect(await page.locator("button.edges").getAttribute("aria-pressed")).toBe("true");
    expect(differs(noEdges, await canvasPixels(page))).toBeGreaterThan(0);
    // The triad: red, green and blue axis pixels in the bottom-left corner.
    const triad = await page.evaluate(() => {
      const gl = document.querySelector<HTMLCanvasElement>(".stage canvas")!;
      const c = document.createElement("canvas");
      c.width = gl.clientWidth;
      c.height = gl.clientHeight;
      const g = c.getContext("2d")!;
      g.drawImage(gl, 0, 0, c.width, c.height);
      const d = g.getImageData(0, c.height - 96, 96, 96).data;
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let i = 0; i < d.length; i += 4) {
        const [r, gg, b] = [d[i]!, d[i + 1]!, d[i + 2]!];
        if (r > 150 && gg < 110 && b < 110) red++;
        if (gg > 110 && r < 100 && b < 100) green++;
        if (b > 150 && r < 110 && gg < 150) blue++;
      }
      return { red, green, blue };
    });
    expect(triad.red).toBeGreaterThan(10);
    expect(triad.green).toBeGreaterThan(10);
    expect(triad.blue).toBeGreaterThan(10);
  });

  it("a legend's ticks share one number format", async () => {
    await open("#/mixed?file=slider-crank.amx&t=1");
    for (const legend of await page.locator(".legend").all()) {
      const ticks = await legend.locator(".tick").allTextContents();
      expect(ticks.length).toBe(5);
      const shape = (s: string) => {
        const m = /^-?\d+(?:\.(\d+))?(e-?\d+)?$/.exec(s);
        return m ? `${m[1]?.length ?? 0}${m[2] ?? ""}` : `bad ${s}`;
      };
      expect(new Set(ticks.map(shape)).size).toBe(1);
    }
  });

  it("in Russian, diagnostics are Russian, with the source line and a caret", async () => {
    await page.goto("about:blank");
    await page.goto(`${studio.server.entry}#/mixed?file=broken.amx`);
    await page.waitForSelector('.workspace.mixed[data-state="error"]', { timeout: 30_000 });
    await page.selectOption("select.lang", "ru");
    const text = (await page.locator(".problems").textContent()) ?? "";
    expect(text).toContain("broken.amx:3:5: error AMX013: Индекс используемого варианта");
    expect(text).toMatch(/3 1 1\s+\^/);
    await page.selectOption("select.lang", "en");
    expect(await page.locator(".problems").textContent()).not.toContain("Индекс");
  });

  it("in Russian, the single-file check shows Russian diagnostics too, with the values the English names", async () => {
    await page.goto("about:blank");
    await page.goto(`${studio.server.entry}#/file?file=broken.amx`);
    await page.waitForSelector('.file-view[data-state="invalid"]', { timeout: 30_000 });
    await page.selectOption("select.lang", "ru");
    const text = (await page.locator(".file-view .problems-list").textContent()) ?? "";
    expect(text).toContain(
      "broken.amx:3:5: error AMX013: Индекс используемого варианта 1 вне диапазона 0 … 0 (у тела 3 вариантов: 1; индексы с 0).",
    );
    expect(text).toMatch(/3 1 1\s+\^/);
    // The template says everything: no English original beneath it.
    expect(text).not.toContain("variant in use");
    await page.selectOption("select.lang", "en");
    expect(await page.locator(".file-view .problems-list").textContent()).not.toContain("Индекс");
  });

  it("an unknown route says so instead of opening Mixed; #/live opens the Live workspace", async () => {
    await page.goto("about:blank");
    await page.goto(`${studio.server.entry}#/nonsense`);
    await page.waitForSelector(".unknown-route:not([hidden])");
    expect(await page.locator(".unknown-route").textContent()).toContain("nonsense");
    expect(await page.locator(".workspace.mixed").count()).toBe(0);
    await page.goto(`${studio.server.entry}#/live`);
    await page.waitForSelector('.workspace.live[data-ws="live"]:not([hidden])');
    expect(await page.locator(".unknown-route").isHidden()).toBe(true);
    expect(await page.locator(".tabs a.active").getAttribute("data-ws")).toBe("live");
  });
});
