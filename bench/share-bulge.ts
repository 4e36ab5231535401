/**
 * `share-bulge-demo-size` and `share-bulge-open` (issue 21): the demo arm's
 * bulge page (`deforma share demo/arm.rig.json`, `<deforma-bulge>`). Size:
 * the page's bytes against the 3 MB the mixed demo's page is held to (one
 * round; ratio = bytes ÷ budget). Open: in headless Chromium from file://,
 * every request but the page's own blocked, a fresh navigation each round to
 * the element's `deforma:ready` mark (the character drawn), against 2 s.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "playwright-core";
import { companionReader } from "../src/node/files.js";
import { playerBundlePath, readPlayerBundle, shareFile } from "../src/node/share/index.js";
import { type BenchRow, median } from "./harness.js";

const DEMO = fileURLToPath(new URL("../demo/", import.meta.url));
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
];
const MB = 1_000_000;

/** The demo arm's page, written to a scratch folder; its path and size. */
async function page(): Promise<{ file: string; bytes: number; player: number }> {
  const player = await readPlayerBundle();
  if (player === undefined)
    throw new Error(`share-bulge: ${playerBundlePath()} is missing: run npm run build`);
  const r = await shareFile("arm.rig.json", readFileSync(join(DEMO, "arm.rig.json")), {
    read: companionReader(DEMO),
    player,
    version: "bench",
    lang: "en",
  });
  if (r.html === undefined || r.report.some((f) => f.diagnostics.length > 0))
    throw new Error(
      `share-bulge: the demo arm was not shared cleanly: ${JSON.stringify(r.report)}`,
    );
  const file = join(mkdtempSync(join(tmpdir(), "deforma-bench-bulge-")), "arm.html");
  writeFileSync(file, r.html);
  return { file, bytes: Buffer.byteLength(r.html), player: Buffer.byteLength(player) };
}

/** Opens `file` with the network blocked; ms from navigation to ready. */
async function open(p: Page, file: string): Promise<number> {
  await p.goto("about:blank");
  await p.goto(`file://${file}`);
  await p.waitForSelector("deforma-bulge[data-state]", { timeout: 60_000 });
  const state = await p.getAttribute("deforma-bulge", "data-state");
  if (state !== "ready") throw new Error(`share-bulge: the page showed no character (${state})`);
  const code = await p.evaluate(
    () =>
      (document.querySelector("deforma-bulge") as HTMLElement & { selected: { code?: number } })
        .selected.code,
  );
  if (code !== 5) throw new Error(`share-bulge: the page opened on code ${code}, not the rig's 5`);
  return p.evaluate(() => {
    const seen = performance.getEntriesByType("mark").find((m) => m.name === "deforma:ready");
    return seen ? seen.startTime : performance.now();
  });
}

/** Both rows: the page's size, and `rounds` opens after a warm-up open. */
export async function shareBulgeRows(rounds: number): Promise<BenchRow[]> {
  const { file, bytes, player } = await page();
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: FLAGS,
  });
  const opens: number[] = [];
  try {
    const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await p.route("**/*", (r) =>
      r.request().url() === `file://${file}` ? r.continue() : r.abort(),
    );
    await open(p, file);
    for (let i = 0; i < rounds; i++) opens.push(await open(p, file));
  } finally {
    await browser.close();
  }
  const size = bytes / (3 * MB);
  const ms = median(opens);
  return [
    {
      name: "share-bulge-demo-size",
      peer: "the 3 MB the mixed demo's page is held to",
      ratio: size,
      min: size,
      max: size,
      goal: 1.0,
      note: `the demo arm (arm.rig.json, arm.obj, misc_data/bulge_types) as one page: ${(bytes / MB).toFixed(2)} MB, the player bundle ${(player / MB).toFixed(2)} MB included`,
    },
    {
      name: "share-bulge-open",
      peer: "the issue's 2 s from load to the first picture",
      ratio: ms / 2000,
      min: Math.min(...opens) / 2000,
      max: Math.max(...opens) / 2000,
      goal: 1.0,
      note: `navigation to <deforma-bulge>'s ready state (the arm drawn at the rig's code), fresh navigation each round; median ${ms.toFixed(0)} ms`,
    },
  ];
}
