/**
 * The studio in real headless Chromium (Debian's, software WebGL) driven by
 * playwright-core. Skipped with a message when Chromium is missing locally;
 * required when CI=true.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StudioServer, startStudioServer } from "../../src/studio/server.js";

const CHROMIUM = "/usr/bin/chromium";
const WEB = fileURLToPath(new URL("../../dist/web/", import.meta.url));
const DEMO = fileURLToPath(new URL("../../demo/", import.meta.url));
const available = existsSync(CHROMIUM);
if (!available && process.env.CI === "true") {
  throw new Error(`${CHROMIUM} is required in CI (apt-get install chromium)`);
}
if (!available)
  console.warn(`browser tests skipped: ${CHROMIUM} not installed (apt-get install chromium)`);

/** Launch flags for a closed network and software WebGL. */
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];

describe.skipIf(!available)("studio in Chromium", () => {
  let server: StudioServer;
  let browser: Browser;
  let page: Page;
  let root: string;

  beforeAll(async () => {
    if (!existsSync(join(WEB, "index.html")))
      throw new Error("dist/web is missing: run npm run build");
    root = mkdtempSync(join(tmpdir(), "deforma-studio-"));
    cpSync(DEMO, root, { recursive: true });
    // Variant in use 1 of 1 variant: AMX013 on line 3, column 5.
    writeFileSync(
      join(root, "broken.amx"),
      "slider-crank.amb\n1\n3 1 1\n1 0 0 rod.agr\n1 0 0 0\n0 1 0 0\n0 0 1 0\n",
    );
    // A type that is not a number, on line 2, column 6.
    writeFileSync(join(root, "broken.agr"), "DEFORMA-AGR 1\ntype x\n");
    server = await startStudioServer({ root, webRoot: WEB, port: 0 });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
    page = await browser.newPage({ viewport: { width: 1200, height: 760 }, acceptDownloads: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A coarse fingerprint of the WebGL canvas: 16×12 grey levels. */
  async function canvasPixels(): Promise<number[]> {
    return page.evaluate(() => {
      const gl = document.querySelector<HTMLCanvasElement>(".stage canvas")!;
      const c = document.createElement("canvas");
      c.width = 16;
      c.height = 12;
      const g = c.getContext("2d")!;
      g.drawImage(gl, 0, 0, 16, 12);
      const d = g.getImageData(0, 0, 16, 12).data;
      const out: number[] = [];
      for (let i = 0; i < d.length; i += 4) out.push(d[i]! + d[i + 1]! + d[i + 2]!);
      return out;
    });
  }

  const differs = (a: number[], b: number[]) => a.reduce((s, v, i) => s + Math.abs(v - b[i]!), 0);

  /** Loads the studio afresh at `hash` and waits until the animation is ready. */
  async function open(hash: string): Promise<void> {
    await page.goto("about:blank");
    await page.goto(`${server.url}${hash}`);
    await page.waitForSelector('.workspace.mixed[data-state="ready"]', { timeout: 30_000 });
  }

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

  it("exports glTF as a download and VTK into the project", async () => {
    await open("#/mixed?file=slider-crank.amx&t=0");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click("button.export-gltf"),
    ]);
    expect(download.suggestedFilename()).toBe("slider-crank.glb");
    const path = await download.path();
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
      readFileSync(await shot.path())
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
    await page.goto(`${server.url}#/file?file=piston.agr`);
    await page.waitForSelector('.file-view[data-state="valid"]');
    expect(await page.locator(".file-view pre.summary").textContent()).toContain('"temperature"');
    await page.goto(`${server.url}#/file?file=broken.agr`);
    await page.waitForSelector('.file-view[data-state="invalid"]');
    expect(await page.locator(".file-view .problems-list").textContent()).toMatch(
      /broken\.agr:2:6: error AGR\d{3}/,
    );
  });

  it("shows a broken .amx's diagnostics with line and column", async () => {
    await page.goto(`${server.url}#/mixed?file=broken.amx`);
    await page.waitForSelector('.workspace.mixed[data-state="error"]', { timeout: 30_000 });
    const text = await page.locator(".problems").textContent();
    expect(text).toContain("broken.amx:3:5");
    expect(text).toContain("AMX013");
  });
});
