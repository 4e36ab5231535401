/**
 * The improved engine's first fit does not block the page (decision 335):
 * `<deforma-live>` plays the demo face scaled to 640 × 480, greets with the
 * classic engine, then with the improved one, and the Long Tasks API watches
 * both transitions (the improved one's pair is fitted in the fit worker while
 * the classic in-betweens stand in).
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePng, encodePng } from "../../src/live/png.js";
import { companionReader } from "../../src/node/files.js";
import { playerBundlePath, shareFile } from "../../src/node/share/index.js";
import { copyDemo } from "../helpers.js";
import { browserAvailable, launchChromium, pageErrors } from "./browser-launch.js";

const PLAYER = playerBundlePath();

/**
 * The bound on the first transition's longest main-thread task (ms): a
 * tick's work is one in-between — the classic stand-in's (≈ 10 ms at
 * 640 × 480) or, at the tick the fit arrives, the improved engine's begin on
 * the kept fit plus one in-between (≈ 35 ms) — under the 50 ms slice budget
 * on a quiet machine. The bound is 5× that budget, or, on a machine so
 * loaded that every task stretches, 3× the longest task of the same greet
 * played with the classic engine just before (its first transition too, with
 * its start-up) and just after: the same kind of ticks' work under the same
 * load. The fit
 * itself (0.2–0.9 s quiet, 20–90 ticks' work) ran in one task before and
 * exceeds both.
 */
const SLICE_BOUND_MS = 250;
const LOADED_FACTOR = 3;

/** The demo face, every picture and coordinate scaled by 2 (640 × 480), without its idle rule. */
function bigFace(): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-live-fit-"));
  copyDemo(join(dir, "face"), "live");
  const path = join(dir, "face", "face.scene.json");
  const scene = JSON.parse(readFileSync(path, "utf8"));
  const twice = (p: number[]) => p.map((v) => v * 2);
  scene.size = twice(scene.size);
  scene.params.radiusCorrection *= 2;
  // No idle blink: only the greets play (the eyes' fits would land in either transition).
  scene.rules = scene.rules.filter((r: { idleMs?: unknown }) => r.idleMs === undefined);
  for (const f of scene.frames) {
    for (const name of Object.keys(f.points)) f.points[name] = twice(f.points[name]);
    const file = join(dir, "face", f.image);
    const image = decodePng(readFileSync(file)).image!;
    const big = {
      width: image.width * 2,
      height: image.height * 2,
      data: new Uint8ClampedArray(image.width * image.height * 16),
    };
    for (let y = 0; y < big.height; y++)
      for (let x = 0; x < big.width; x++)
        for (let c = 0; c < 4; c++)
          big.data[(y * big.width + x) * 4 + c] =
            image.data[((y >> 1) * image.width + (x >> 1)) * 4 + c]!;
    writeFileSync(file, encodePng(big));
  }
  for (const r of Object.values(scene.regions ?? {}) as {
    mask: { polygon: number[][]; feather: number };
  }[]) {
    r.mask.polygon = r.mask.polygon.map(twice);
    r.mask.feather *= 2;
  }
  writeFileSync(path, JSON.stringify(scene));
  copyFileSync(PLAYER, join(dir, "deforma-player.js"));
  writeFileSync(
    join(dir, "index.html"),
    `<!doctype html>
<meta charset="utf-8">
<deforma-live id="face" src="face/face.scene.json" paused style="height: 600px"></deforma-live>
<script type="module">
  import "./deforma-player.js";
  window.shown = [];
  document.getElementById("face").addEventListener("frame", (e) => window.shown.push(e.detail));
</script>`,
  );
  return dir;
}

/** Serves `dir` on 127.0.0.1 (a page's `src` is fetched: not from file://); resolves with its URL. */
async function serve(dir: string, servers: Server[]): Promise<string> {
  const types: Record<string, string> = { ".html": "text/html", ".js": "text/javascript" };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
    const file = join(dir, path === "/" ? "index.html" : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      // The browser asks for /favicon.ico on its own: none, and no error.
      res.statusCode = path === "/favicon.ico" ? 204 : 404;
      res.end();
      return;
    }
    res.setHeader("Content-Type", types[extname(file)] ?? "application/octet-stream");
    res.end(readFileSync(file));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;
}

describe.skipIf(!browserAvailable)("the improved engine's first fit in Chromium", () => {
  let browser: Browser;
  const servers: Server[] = [];

  beforeAll(async () => {
    if (!existsSync(PLAYER)) throw new Error(`${PLAYER} is missing: run npm run build`);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    for (const s of servers) s.close();
  });

  // decision 335
  it("plays the first improved transition of the face at 640 × 480 with no long task over the bound", async () => {
    const dir = bigFace();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = pageErrors(page);
    await page.addInitScript(() => {
      const w = window as unknown as { longTasks: number[] | undefined };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longTasks?.push(e.duration);
      }).observe({ type: "longtask", buffered: false });
    });
    await page.goto(await serve(dir, servers));
    await page.waitForSelector('deforma-live[data-state="ready"]', { timeout: 60_000 });
    /** Greets, and resolves with the long tasks until the smile's key frame is shown. */
    const greet = async (nth: number) => {
      await page.evaluate(async () => {
        await new Promise((r) => setTimeout(r, 300));
        (window as unknown as { longTasks: number[] }).longTasks = [];
        const face = document.getElementById("face") as unknown as {
          play(): void;
          trigger(name: string): boolean;
        };
        face.play();
        face.trigger("greet");
      });
      await page.waitForFunction(
        (n) =>
          (window as unknown as { shown: { kind: string; frame?: string }[] }).shown.filter(
            (f) => f.kind === "key" && f.frame === "smile",
          ).length >= n,
        nth,
        { timeout: 120_000 },
      );
      // The last tick's task is reported after it ends.
      await page.waitForTimeout(300);
      return page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    };
    const classic = await greet(1);
    await page.click('.engine input[type="radio"][value="improved"]');
    const improved = await greet(2);
    // The classic greet again, after: the load the improved one met may have come after the
    // first (the suite's other files start and stop), so the loaded bound brackets it.
    await page.click('.engine input[type="radio"][value="classic"]');
    classic.push(...(await greet(3)));
    const bound = Math.max(SLICE_BOUND_MS, LOADED_FACTOR * Math.max(0, ...classic));
    const ms = (t: number[]) => t.map(Math.round).join(", ") || "none";
    console.log(`long tasks (ms): classic ${ms(classic)}; first improved ${ms(improved)}`);
    const shown = await page.evaluate(
      () => (window as unknown as { shown: { kind: string }[] }).shown,
    );
    expect(shown.filter((f) => f.kind === "inbetween").length).toBeGreaterThan(10);
    expect(Math.max(0, ...improved)).toBeLessThan(bound);
    expect(errors).toEqual([]);
    await page.close();
  }, 400_000);

  // decision 335
  it("fits in the inline worker from a shared page on file:// with the network blocked", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-live-fit-share-"));
    copyDemo(dir, "live");
    const path = join(dir, "face.scene.json");
    const scene = JSON.parse(readFileSync(path, "utf8"));
    scene.params.engine = "improved";
    writeFileSync(path, JSON.stringify(scene));
    const player = readFileSync(PLAYER, "utf8");
    const options = { read: companionReader(dir), player, version: "test", lang: "en" as const };
    const r = await shareFile("face.scene.json", readFileSync(path), options);
    const file = join(dir, "face.html");
    writeFileSync(file, r.html!);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = pageErrors(page);
    const requests: string[] = [];
    const own = `file://${file}`;
    await page.route("**/*", (route) => {
      const url = route.request().url();
      if (url === own) return route.continue();
      requests.push(url);
      return route.abort();
    });
    await page.goto(own);
    await page.waitForSelector('deforma-live[data-state="ready"]', { timeout: 60_000 });
    const worker = page.waitForEvent("worker", { timeout: 60_000 });
    await page.evaluate(() => {
      const w = window as unknown as { keys: string[] };
      w.keys = [];
      const face = document.querySelector("deforma-live") as unknown as HTMLElement & {
        trigger(name: string): boolean;
      };
      face.addEventListener("frame", (e) => {
        const d = (e as CustomEvent<{ kind: string; frame?: string }>).detail;
        if (d.kind === "key") w.keys.push(d.frame ?? "");
      });
      face.trigger("greet");
    });
    const started = await worker;
    expect(started.url()).toMatch(/^(blob|data):/);
    // The worker's code ran (it listens for pairs to fit).
    expect(await started.evaluate(() => typeof self.onmessage)).toBe("function");
    await page.waitForFunction(
      () => (window as unknown as { keys: string[] }).keys.includes("smile"),
      undefined,
      { timeout: 120_000 },
    );
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);
});
