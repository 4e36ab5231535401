/**
 * How the Mesh workspace loads, in headless Chromium: a VTK series is opened
 * by the studio server (one `GET /api/mesh`, asked before the page is built;
 * no file of the series crosses to the page), the model comes back whole,
 * and the workspace sets the `deforma:ready` mark the bench times. Skipped with a message when Chromium
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

  // decision 223, decision 224, decision 266, decision 296
  it("opens a series with one GET /api/mesh, asked before the file list, and no file read", async () => {
    const requests: string[] = [];
    const events: string[] = [];
    page.on("request", (r) => {
      requests.push(`${r.method()} ${new URL(r.url()).pathname}`);
      events.push(`ask ${new URL(r.url()).pathname}`);
    });
    page.on("requestfinished", (r) => events.push(`done ${new URL(r.url()).pathname}`));
    await page.goto("about:blank");
    await page.goto(`${studio.server.entry}#/mesh?file=runs/beam.pvd&t=0`);
    await page.waitForSelector('.workspace[data-ws="mesh"][data-state="ready"]', {
      timeout: 60_000,
    });
    // The page's first script asks for it (decision 266); the app takes that reply up.
    expect(requests).toContain("GET /early-open.js");
    const api = requests.filter((r) => r.includes(" /api/"));
    expect(api.filter((r) => r === "GET /api/mesh")).toHaveLength(1);
    // The deep link's open starts first, while the page is built.
    expect(api.indexOf("GET /api/mesh")).toBeLessThan(api.indexOf("GET /api/files"));
    expect(api.filter((r) => r === "POST /api/read" || r === "GET /api/file")).toEqual([]);
    // The file list's checks wait for the open: no check is asked before the mesh has come.
    await page.waitForRequest((r) => r.url().includes("/api/check"), { timeout: 30_000 });
    const firstCheck = events.findIndex((e) => e.startsWith("ask /api/check"));
    expect(firstCheck).toBeGreaterThan(events.indexOf("done /api/mesh"));
    const clock = await page.locator('.workspace[data-ws="mesh"] .timeline').textContent();
    expect(clock).toContain(`/ ${TIMES.length - 1}`);
    const options = await page.locator(".bodies select.scalar option").allTextContents();
    expect(options.join(" ")).toContain("T");
    expect(errors).toEqual([]);
  });

  // decision 372
  it("makes the viewer's WebGL context while the server's reply is on its way, and only that one", async () => {
    const fresh = await studio.page();
    // Counts the WebGL contexts the page makes.
    await fresh.addInitScript(() => {
      const w = window as unknown as { glMade: number };
      w.glMade = 0;
      const get = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...a: unknown[]) {
        if (typeof a[0] === "string" && a[0].startsWith("webgl")) w.glMade++;
        return (get as (...b: unknown[]) => unknown).apply(this, a);
      } as typeof get;
    });
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let asked = false;
    await fresh.route("**/api/mesh?**", async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await fresh.goto(`${studio.server.entry}#/mesh?file=runs/beam.pvd`);
    await expect.poll(() => asked, { timeout: 30_000 }).toBe(true);
    // The reply is held: the context is made meanwhile.
    const made = () => fresh.evaluate(() => (window as unknown as { glMade: number }).glMade);
    await expect.poll(made, { timeout: 30_000 }).toBe(1);
    expect(await fresh.locator('.workspace[data-ws="mesh"]').getAttribute("data-state")).toBeNull();
    release();
    await fresh.waitForSelector('.workspace[data-ws="mesh"][data-state="ready"]', {
      timeout: 60_000,
    });
    // The viewer took that context rather than making another.
    expect(await made()).toBe(1);
    await fresh.close();
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
