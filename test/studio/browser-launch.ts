/**
 * One launch helper for the browser tests: Debian's Chromium (software WebGL)
 * driven by playwright-core over a studio server on a copy of the demo.
 * Skipped with a message when Chromium is missing locally; required when CI=true.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Download, type Page } from "playwright-core";
import { inject } from "vitest";
import type { FormatRegistry } from "../../src/core/index.js";
import { type StudioServer, startStudioServer } from "../../src/studio/server.js";
import { newToken } from "../../src/studio/token.js";
import { copyDemo } from "../helpers.js";
import { CHROMIUM, FLAGS } from "./chromium.js";

export { CHROMIUM, FLAGS };

const WEB = fileURLToPath(new URL("../../dist/web/", import.meta.url));
/** Folder for screenshots the tests take (ignored by git). */
export const OUT = fileURLToPath(new URL("../../.out/", import.meta.url));

/** Whether the browser tests can run here. */
export const browserAvailable = existsSync(CHROMIUM);
if (!browserAvailable && process.env.CI === "true") {
  throw new Error(`${CHROMIUM} is required in CI (apt-get install chromium)`);
}
if (!browserAvailable)
  console.warn(`browser tests skipped: ${CHROMIUM} not installed (apt-get install chromium)`);

/**
 * A Chromium of the file's own: a connection to the run's shared Chromium
 * (test/studio/chromium-server.ts, decision 376), or a launch of its own when
 * the run has none (a file run outside the `chromium` project).
 */
export async function launchChromium(): Promise<Browser> {
  const endpoint = inject("chromiumEndpoint");
  return endpoint
    ? chromium.connect(endpoint)
    : chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

/** What a test adds to the standard studio. */
export interface BrowserStudioOptions {
  /** The server's format registry (default: every system's formats). */
  readonly formats?: FormatRegistry;
  /** More files in the project: path (with `/`) → text or bytes; folders are created. */
  readonly files?: Readonly<Record<string, string | Uint8Array>>;
}

/** A running studio over a copy of the demo (plus two broken files) and a browser. */
export interface BrowserStudio {
  readonly server: StudioServer;
  readonly browser: Browser;
  /** The project folder (a temporary copy of demo/). */
  readonly root: string;
  /** A new page of `width`×`height` CSS pixels. */
  page(width?: number, height?: number): Promise<Page>;
  close(): Promise<void>;
}

/** Starts the server on a fresh copy of the demo (plus `options.files`) and launches Chromium. */
export async function startBrowserStudio(
  options: BrowserStudioOptions = {},
): Promise<BrowserStudio> {
  if (!existsSync(join(WEB, "index.html")))
    throw new Error("dist/web is missing: run npm run build");
  const root = mkdtempSync(join(tmpdir(), "deforma-studio-"));
  copyDemo(root);
  // Variant in use 1 of 1 variant: AMX013 on line 3, column 5. The matrix is the demo
  // CAD's for body 3, so the check with the companions finds nothing else.
  writeFileSync(
    join(root, "broken.amx"),
    "slider-crank.amb\n1\n3 1 1\n1 0 0 rod.agr\n0 0 1 -0.1\n0 1 0 0\n-1 0 0 0\n",
  );
  // A type that is not a number, on line 2, column 6.
  writeFileSync(join(root, "broken.agr"), "DEFORMA-AGR 1\ntype x\n");
  for (const [path, text] of Object.entries(options.files ?? {})) {
    const file = join(root, ...path.split("/"));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  // With a token, as `deforma studio` runs: pages open `server.entry`, which sets the cookie.
  const server = await startStudioServer({
    root,
    webRoot: WEB,
    port: 0,
    token: newToken(),
    ...(options.formats ? { formats: options.formats } : {}),
  });
  const browser = await launchChromium();
  return {
    server,
    browser,
    root,
    page: (width = 1200, height = 760) =>
      browser.newPage({ viewport: { width, height }, acceptDownloads: true }),
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Where a download was saved: a copy in a fresh temporary folder, as a
 * browser connected over the network (the run's shared Chromium) does not
 * give the path of its own.
 */
export async function downloadedFile(download: Download): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), "deforma-download-")), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/** Loads the studio afresh at `hash` and waits until the mixed animation is ready. */
export async function openMixed(page: Page, url: string, hash: string): Promise<void> {
  await page.goto("about:blank");
  await page.goto(`${url}${hash}`);
  await page.waitForSelector('.workspace.mixed[data-state="ready"]', { timeout: 30_000 });
}

/** A coarse fingerprint of a WebGL canvas (the mixed stage's unless told): width × height grey levels. */
export async function canvasPixels(
  page: Page,
  selector = ".stage canvas",
  width = 16,
  height = 12,
): Promise<number[]> {
  return page.evaluate(
    ([selector, width, height]) => {
      const gl = document.querySelector<HTMLCanvasElement>(selector)!;
      const c = document.createElement("canvas");
      c.width = width;
      c.height = height;
      const g = c.getContext("2d")!;
      g.drawImage(gl, 0, 0, width, height);
      const d = g.getImageData(0, 0, width, height).data;
      const out: number[] = [];
      for (let i = 0; i < d.length; i += 4) out.push(d[i]! + d[i + 1]! + d[i + 2]!);
      return out;
    },
    [selector, width, height] as const,
  );
}

/** Sum of absolute differences of two fingerprints. */
export const differs = (a: number[], b: number[]) =>
  a.reduce((s, v, i) => s + Math.abs(v - b[i]!), 0);

/**
 * {@link canvasPixels} once the picture stops changing: two looks 250 ms
 * apart that agree (a frame may be staged in slices over animation frames),
 * at most 10 s.
 */
export async function settledPixels(page: Page): Promise<number[]> {
  let picture = await canvasPixels(page);
  for (let k = 0; k < 40; k++) {
    await page.waitForTimeout(250);
    const now = await canvasPixels(page);
    const still = differs(now, picture) === 0;
    picture = now;
    if (still) break;
  }
  return picture;
}

/** Collects the page's console errors and uncaught exceptions from now on (a test expects none). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}
