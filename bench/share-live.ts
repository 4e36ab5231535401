/**
 * `share-live-tick` and `share-live-open`: the demo face's shared page
 * (`deforma share`, docs/player.md) in headless Chromium from file://, every
 * request but the page's own blocked. Tick: the element paused, one of its
 * events sent, then its toolbar's single step pressed 40 times (a whole
 * transition and more), each press timed in the page: the player's tick,
 * the picture put on the canvas and the panel's readout, as a tick does
 * while playing. Open: navigation to the element's `ready` state (frame 0
 * drawn), on a fresh page each round.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "playwright-core";
import { companionReader } from "../src/node/files.js";
import { playerBundlePath, readPlayerBundle, shareFile } from "../src/node/share/index.js";
import { median } from "./harness.js";

const DEMO = fileURLToPath(new URL("../demo/live/", import.meta.url));
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];
const EVENTS = ["greet", "wow", "talk"];

/** What the rows report: per-round medians (ms) and the worst single tick. */
export interface ShareLiveResult {
  readonly tickRounds: number[];
  readonly worstTick: number;
  readonly openRounds: number[];
  readonly bytes: number;
}

/** The demo face's page, written to a scratch folder; its path and size. */
async function page(): Promise<{ file: string; bytes: number }> {
  const player = await readPlayerBundle();
  if (player === undefined)
    throw new Error(`share-live: ${playerBundlePath()} is missing: run npm run build`);
  const bytes = readFileSync(join(DEMO, "face.scene.json"));
  const r = await shareFile("face.scene.json", bytes, {
    read: companionReader(DEMO),
    player,
    version: "bench",
    lang: "en",
  });
  if (r.html === undefined) throw new Error("share-live: the demo face was not shared");
  const file = join(mkdtempSync(join(tmpdir(), "deforma-bench-share-")), "face.html");
  writeFileSync(file, r.html);
  return { file, bytes: Buffer.byteLength(r.html) };
}

/** Opens `file` with the network blocked; ms from navigation to ready. */
async function open(p: Page, file: string): Promise<number> {
  await p.goto("about:blank");
  await p.goto(`file://${file}`);
  await p.waitForSelector("deforma-live[data-state]", { timeout: 60_000 });
  const state = await p.getAttribute("deforma-live", "data-state");
  if (state !== "ready") throw new Error(`share-live: the page did not play (${state})`);
  // The element sets data-state right after drawing frame 0: its time since navigation.
  return p.evaluate(() => {
    const seen = performance.getEntriesByType("mark").find((m) => m.name === "deforma:ready");
    return seen ? seen.startTime : performance.now();
  });
}

/** One round of ticks: event `event`, then 40 single steps, each timed in the page (ms). */
function ticks(p: Page, event: string): Promise<number[]> {
  return p.evaluate((event) => {
    const el = document.querySelector("deforma-live") as HTMLElement & {
      pause(): void;
      trigger(name: string): boolean;
    };
    el.pause();
    el.trigger(event);
    const step = el.querySelector<HTMLButtonElement>("button.step")!;
    const out: number[] = [];
    for (let i = 0; i < 40; i++) {
      const t0 = performance.now();
      step.click();
      out.push(performance.now() - t0);
    }
    return out;
  }, event);
}

/** Runs both rows: `rounds` rounds of ticks on one page, `rounds` opens on fresh pages. */
export async function shareLiveBench(rounds: number): Promise<ShareLiveResult> {
  const { file, bytes } = await page();
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: FLAGS,
  });
  try {
    const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await p.route("**/*", (r) =>
      r.request().url() === `file://${file}` ? r.continue() : r.abort(),
    );
    await open(p, file);
    await ticks(p, "greet"); // warm-up
    const tickRounds: number[] = [];
    let worstTick = 0;
    for (let i = 0; i < rounds; i++) {
      const t = await ticks(p, EVENTS[i % EVENTS.length]!);
      tickRounds.push(median(t));
      worstTick = Math.max(worstTick, ...t);
    }
    const openRounds: number[] = [];
    for (let i = 0; i < rounds; i++) openRounds.push(await open(p, file));
    return { tickRounds, worstTick, openRounds, bytes };
  } finally {
    await browser.close();
  }
}
