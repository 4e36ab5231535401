/**
 * `share-mixed-open` and `share-series-open`: the demo's slider-crank page
 * and the 10⁵-node, 100-frame plate page (`deforma share`, docs/player.md)
 * in headless Chromium from file://, every request but the page's own
 * blocked: navigation to the `<deforma-mesh>` element's `deforma:ready` mark
 * (frame 0 drawn), a fresh navigation each round. Each round also records
 * the page's longest main-thread task until then (a long-task observer
 * installed before the page's scripts run).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "playwright-core";
import { writeAgrBinary } from "../src/mixed/agr/index.js";
import { companionReader } from "../src/node/files.js";
import { playerBundlePath, readPlayerBundle, shareFile } from "../src/node/share/index.js";
import { plateSeries } from "./plate.js";

const DEMO = fileURLToPath(new URL("../demo/", import.meta.url));
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];

/** One page's rounds: ms from navigation to ready, and the longest task before it (ms). */
export interface ShareOpenResult {
  readonly rounds: number[];
  readonly longest: number[];
  readonly bytes: number;
  readonly what: string;
}

/** Writes `file`'s page (shared with `read` for companions) into `dir`; its path and size. */
async function page(
  name: string,
  bytes: Uint8Array,
  read: ReturnType<typeof companionReader>,
  dir: string,
): Promise<{ file: string; bytes: number }> {
  const player = await readPlayerBundle();
  if (player === undefined)
    throw new Error(`share-open: ${playerBundlePath()} is missing: run npm run build`);
  const r = await shareFile(name, bytes, { read, player, version: "bench", lang: "en" });
  if (r.html === undefined) throw new Error(`share-open: ${name} was not shared`);
  const file = join(dir, `${name}.html`);
  writeFileSync(file, r.html);
  return { file, bytes: Buffer.byteLength(r.html) };
}

/** Opens `file` fresh; ms from navigation to ready and the longest task seen until then. */
async function open(p: Page, file: string): Promise<{ ms: number; longest: number }> {
  await p.goto("about:blank");
  await p.goto(`file://${file}`);
  await p.waitForSelector("deforma-mesh[data-state]", { timeout: 120_000 });
  const state = await p.getAttribute("deforma-mesh", "data-state");
  if (state !== "ready") throw new Error(`share-open: the page did not play (${state})`);
  await p.waitForFunction(() => performance.getEntriesByName("deforma:ready").length > 0);
  return p.evaluate(() => {
    const ms = performance.getEntriesByName("deforma:ready")[0]!.startTime;
    const tasks = (window as unknown as { __longTasks: PerformanceEntry[] }).__longTasks;
    const before = tasks.filter((t) => t.startTime < ms);
    return { ms, longest: Math.max(0, ...before.map((t) => t.duration)) };
  });
}

/** Both pages, `rounds` fresh opens each (interleaved), after one warm-up open each. */
export async function shareOpenBench(
  quick: boolean,
  rounds: number,
): Promise<{ mixed: ShareOpenResult; series: ShareOpenResult }> {
  const dir = mkdtempSync(join(tmpdir(), "deforma-bench-share-open-"));
  const amx = "slider-crank.amx";
  const mixed = await page(amx, readFileSync(join(DEMO, amx)), companionReader(DEMO), dir);
  const [nx, ny, frames] = quick ? [100, 100, 10] : [317, 316, 100];
  const plate = plateSeries(nx, ny, frames);
  const series = await page("plate.agr", writeAgrBinary(plate), companionReader(dir), dir);
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: FLAGS,
  });
  try {
    const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const allowed = new Set([mixed.file, series.file].map((f) => `file://${f}`));
    await p.route("**/*", (r) => (allowed.has(r.request().url()) ? r.continue() : r.abort()));
    await p.addInitScript(() => {
      const seen: PerformanceEntry[] = [];
      (window as unknown as { __longTasks: PerformanceEntry[] }).__longTasks = seen;
      new PerformanceObserver((l) => seen.push(...l.getEntries())).observe({ type: "longtask" });
    });
    await open(p, mixed.file);
    await open(p, series.file);
    type Round = { ms: number; longest: number };
    const got = { mixed: [] as Round[], series: [] as Round[] };
    for (let i = 0; i < rounds; i++) {
      got.mixed.push(await open(p, mixed.file));
      got.series.push(await open(p, series.file));
    }
    const result = (r: Round[], bytes: number, what: string): ShareOpenResult => ({
      rounds: r.map((x) => x.ms),
      longest: r.map((x) => x.longest),
      bytes,
      what,
    });
    return {
      mixed: result(got.mixed, mixed.bytes, "the demo's slider-crank"),
      series: result(
        got.series,
        series.bytes,
        `${quick ? "quick: a small stand-in for " : ""}a ${plate.nodeCount}-node, ${frames}-frame plate`,
      ),
    };
  } finally {
    await browser.close();
  }
}
