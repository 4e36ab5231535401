/**
 * How the Mesh workspace loads, in headless Chromium: a VTK series is read in
 * a Web Worker with its files batched into `POST /api/read` (not one request
 * per file), the model comes back whole, and the workspace sets the
 * `deforma:ready` mark the bench times. Skipped with a message when Chromium
 * is missing locally; required when CI=true.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cubeSeries } from "../mixed/vtk/vtu-text.js";
import {
  type BrowserStudio,
  browserAvailable,
  pageErrors,
  startBrowserStudio,
} from "./browser-launch.js";

const TIMES = Array.from({ length: 24 }, (_, k) => k * 0.25);
const SERIES = cubeSeries("runs/beam", TIMES, ["displacement", "T"]);

describe.skipIf(!browserAvailable)("Mesh workspace loading in Chromium", () => {
  let studio: BrowserStudio;
  let page: Page;
  let errors: string[] = [];

  beforeAll(async () => {
    studio = await startBrowserStudio({ files: SERIES });
    page = await studio.page();
    errors = pageErrors(page);
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  // decision 212, decision 215
  it("reads a series in a worker, its files in a few POST /api/read requests", async () => {
    const requests: string[] = [];
    const workers: string[] = [];
    page.on("request", (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
    page.on("worker", (w) => workers.push(w.url()));
    await page.goto("about:blank");
    await page.goto(`${studio.server.entry}#/mesh?file=runs/beam.pvd&t=0`);
    await page.waitForSelector('.workspace[data-ws="mesh"][data-state="ready"]', {
      timeout: 60_000,
    });
    expect(workers.some((u) => /mesh-load-worker/.test(u))).toBe(true);
    const reads = requests.filter((r) => r === "POST /api/read");
    expect(reads.length).toBeGreaterThanOrEqual(1);
    expect(reads.length).toBeLessThanOrEqual(3);
    // The index itself is one GET; none of its 24 files is fetched alone.
    expect(requests.filter((r) => r === "GET /api/file").length).toBeLessThanOrEqual(1);
    const clock = await page.locator('.workspace[data-ws="mesh"] .timeline').textContent();
    expect(clock).toContain(`/ ${TIMES.length - 1}`);
    const options = await page.locator(".bodies select.scalar option").allTextContents();
    expect(options.join(" ")).toContain("T");
    expect(errors).toEqual([]);
  });

  // decision 216
  it("sets the deforma:ready mark once the first frame is drawn", async () => {
    await page.goto("about:blank");
    await page.goto(`${studio.server.entry}#/mesh?file=runs/beam.pvd`);
    const mark = await page.waitForFunction(
      () => {
        const m = performance.getEntriesByName("deforma:ready")[0] as PerformanceMark | undefined;
        return m ? { at: m.startTime, detail: m.detail } : undefined;
      },
      undefined,
      { timeout: 60_000 },
    );
    const got = (await mark.jsonValue()) as { at: number; detail: unknown };
    expect(got.at).toBeGreaterThan(0);
    expect(got.detail).toEqual({ workspace: "mesh", file: "runs/beam.pvd" });
    expect(await page.locator('.workspace[data-ws="mesh"]').getAttribute("data-state")).toBe(
      "ready",
    );
  });
});
