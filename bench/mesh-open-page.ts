/**
 * The browser side of bench/mesh-open.ts: a studio server on the generated
 * project, headless Chromium through playwright-core, and the time from
 * navigation to the Mesh workspace's `deforma:ready` mark for each file,
 * round after round (the files interleaved), each open on a fresh page.
 */
import { chromium, type Page } from "playwright-core";
import { startStudioServer } from "../src/studio/server.js";
import { newToken } from "../src/studio/token.js";

/** ms from navigation to the first frame of `#/mesh?file=<file>`, checked: ready, `frames` frames. */
async function openOnce(page: Page, entry: string, file: string, frames: number): Promise<number> {
  await page.goto("about:blank");
  await page.goto(`${entry}#/mesh?file=${encodeURIComponent(file)}`);
  const ws = '.workspace[data-ws="mesh"]';
  const handle = await page.waitForFunction(
    (ws) => {
      const mark = performance.getEntriesByName("deforma:ready")[0];
      if (mark) return { ms: mark.startTime, state: "ready" };
      const state = document.querySelector<HTMLElement>(ws)?.dataset.state;
      // A build without the mark (BENCH_WEB_ROOT): when its state turned ready, as polled.
      const seen = window as unknown as { readySeen?: number };
      if (state === "ready") seen.readySeen ??= performance.now();
      if (seen.readySeen !== undefined && performance.now() - seen.readySeen > 1000)
        return { ms: seen.readySeen, state: "ready" };
      return state === "error" ? { ms: 0, state } : undefined;
    },
    ws,
    { timeout: 300_000, polling: 50 },
  );
  const { ms, state } = (await handle.jsonValue()) as { ms: number; state: string };
  if (state !== "ready") throw new Error(`mesh-open: ${file} did not open (state ${state})`);
  const clock = (await page.locator(`${ws} .timeline`).textContent()) ?? "";
  if (!clock.includes(`/ ${frames - 1}`))
    throw new Error(`mesh-open: ${file} shows "${clock}", not ${frames} frames`);
  return ms;
}

/** For each of `files` (with its frame count), the open times of `rounds` rounds after one warm-up. */
export async function openTimes(
  root: string,
  webRoot: string,
  files: readonly string[],
  frames: readonly number[],
  rounds: number,
  launch: { executablePath: string; args: string[] },
): Promise<number[][]> {
  // As `deforma studio` starts it: the mesh worker started with the server.
  const server = await startStudioServer({
    ...{ root, webRoot, port: 0, token: newToken() },
    warmMeshWorker: true,
  });
  const browser = await chromium.launch({ ...launch, headless: true });
  try {
    const times = files.map(() => [] as number[]);
    for (let r = -1; r < rounds; r++) {
      for (const [i, file] of files.entries()) {
        const page = await browser.newPage({ viewport: { width: 1200, height: 760 } });
        const ms = await openOnce(page, server.entry, file, frames[i]!);
        await page.close();
        if (r >= 0) times[i]!.push(ms);
      }
    }
    return times;
  } finally {
    await browser.close();
    await server.close();
  }
}
