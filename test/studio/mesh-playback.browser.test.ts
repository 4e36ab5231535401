/**
 * Playing a large `.agr` without stalls (issue 22, decisions 320, 351–353):
 * the frame after the two shown is uploaded in slices ahead of the crossing,
 * playback waits on a frame not staged in full instead of uploading it whole
 * (0 whole uploads while playing, however slowly the machine draws: robust
 * by design), and no main-thread task while it plays is long. A 2·10⁵-node plate (3.2 MB a frame) stands in for the
 * 10⁶-node file of the bench row `studio-longest-task`: Chromium here draws
 * with software WebGL, slowly. Long tasks are read with the Long Tasks API
 * (PerformanceObserver "longtask"); skipped with a message when Chromium is
 * missing locally, required when CI=true.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BrowserStudio,
  browserAvailable,
  CHROMIUM,
  FLAGS,
  pageErrors,
  startBrowserStudio,
} from "./browser-launch.js";

const NODES = 200_000;
const FRAMES = 14;
/** Seconds of animation: about 0.6 s a frame interval, several animation frames each. */
const DURATION = 7.8;

/**
 * The bound on any one main-thread task while playing (ms). An animation
 * frame's slices take at most SLICE_BUDGET_MS (8 ms) of measured main-thread
 * time plus one slice (decision 352), and wait on a fence until the GPU has
 * drawn the frame before (decision 353), so no upload waits behind a draw;
 * what remains of a task is three.js issuing the draw, the panels' layout and
 * a garbage collection of the page's frames. Those are what this shared,
 * loaded machine stretches many times over (the bench row's quiet-machine
 * figure is the goal of 50 ms); the multi-second waits this test exists for —
 * a whole frame's upload, or a canvas resize, behind a slow software draw —
 * are an order of magnitude above it.
 */
const LONGEST_TASK_MS = 1000;

describe.skipIf(!browserAvailable)("a large .agr playing in Chromium", () => {
  let studio: BrowserStudio;
  let page: Page;
  let browser: Browser;
  let errors: string[] = [];

  beforeAll(async () => {
    studio = await startBrowserStudio();
    const script = join(import.meta.dirname, "../../scripts/make-large-agr.ts");
    execFileSync(
      process.execPath,
      ["--import", "tsx", script, join(studio.root, "plate.agr"), "--nodes", String(NODES)].concat([
        "--frames",
        String(FRAMES),
        "--duration",
        String(DURATION),
      ]),
      { stdio: "ignore" },
    );
    // Software WebGL in the GPU process, as Chrome draws without a GPU: with --disable-gpu it
    // draws on the page's main thread, and every animation frame would be a long task of drawing.
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS.filter((f) => f !== "--disable-gpu"),
    });
    page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    errors = pageErrors(page);
    // Every long task from the start of the page, with when it started.
    await page.addInitScript(() => {
      const seen: { start: number; ms: number }[] = [];
      (window as unknown as { longTasks: typeof seen }).longTasks = seen;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) seen.push({ start: e.startTime, ms: e.duration });
      }).observe({ type: "longtask", buffered: true });
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await studio?.close();
  });

  // decision 320
  // decision 353
  it("crosses frames with staged uploads and no long task", async () => {
    await page.goto(`${studio.server.entry}#/mesh?file=plate.agr&t=0`);
    const ws = page.locator('.workspace[data-ws="mesh"]');
    await page.waitForSelector('.workspace[data-ws="mesh"][data-state="ready"]', {
      timeout: 90_000,
    });
    const stage = ws.locator(".stage");
    // Let the first open's tasks end before playing.
    await page.waitForTimeout(1000);
    const before = await stage.evaluate((el) => ({ ...el.dataset }));
    const from = await page.evaluate(() => performance.now());
    await ws.locator("button.play").click();
    // Five crossings: frames 0 … 6 shown in turn.
    await page.waitForFunction(
      () => Number(document.querySelector<HTMLElement>(".stage")?.dataset.frameUploads) >= 7,
      undefined,
      { timeout: 120_000, polling: 100 },
    );
    await ws.locator("button.play").click();
    const counts = await stage.evaluate((el) => ({ ...el.dataset }));
    const tasks = await page.evaluate(
      (from) =>
        (window as unknown as { longTasks: { start: number; ms: number }[] }).longTasks.filter(
          (t) => t.start >= from,
        ),
      from,
    );
    const longest = Math.max(0, ...tasks.map((t) => t.ms));
    console.log(
      `longest task while playing: ${longest.toFixed(0)} ms (${tasks.length} over 50 ms)`,
    );
    // decision 351: every crossing showed a staged frame; a slow machine makes playback wait.
    const crossings = Number(counts.frameUploads) - Number(before.frameUploads);
    expect(crossings).toBeGreaterThanOrEqual(5);
    const whole = Number(counts.wholeUploads) - Number(before.wholeUploads);
    expect(whole).toBe(0);
    expect(Number(counts.uploadSlices)).toBeGreaterThan(Number(before.uploadSlices));
    expect(longest).toBeLessThan(LONGEST_TASK_MS);
    expect(errors).toEqual([]);
  }, 240_000);
});
