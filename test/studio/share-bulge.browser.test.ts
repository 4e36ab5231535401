/**
 * `<deforma-bulge>` (decisions 346 and 349): the demo arm's page from
 * `deforma share` opens from file:// with every network request blocked
 * (none is made), its flex slider bends the arm, a definition is switched,
 * no console error; its picture matches the studio's Bulges workspace at the
 * same flex; a plain page drives the element through its API; and
 * docs/player.md's bulge snippet runs as written.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companionReader } from "../../src/node/files.js";
import { playerBundlePath, readPlayerBundle, shareFile } from "../../src/node/share/index.js";
import { makeCharacter } from "../bulge/gltf-character.js";
import { copyDemo } from "../helpers.js";
import {
  type BrowserStudio,
  browserAvailable,
  canvasPixels,
  differs,
  downloadedFile,
  pageErrors,
  startBrowserStudio,
} from "./browser-launch.js";

const DOC = fileURLToPath(new URL("../../docs/player.md", import.meta.url));
const CANVAS = ".bulge-preview-stage canvas";
const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript" };

let studio: BrowserStudio | undefined;
const dir = mkdtempSync(join(tmpdir(), "deforma-share-bulge-"));
const pages: Record<string, string> = {};
let plain: Server | undefined;
const plainRoot = () => `http://127.0.0.1:${(plain!.address() as { port: number }).port}/`;

beforeAll(async () => {
  if (!browserAvailable) return;
  studio = await startBrowserStudio();
  const player = await readPlayerBundle(playerBundlePath());
  if (!player) throw new Error("dist/player is missing: run npm run build");
  copyDemo(dir);
  for (const lang of ["en", "ru"] as const) {
    const r = await shareFile("arm.rig.json", readFileSync(join(dir, "arm.rig.json")), {
      read: companionReader(dir),
      player,
      version: "0.0.0",
      lang,
    });
    pages[lang] = join(dir, `arm-${lang}.html`);
    writeFileSync(pages[lang], r.html!);
  }
  // The plain pages' site: the player, the arm in arm/, and the pages.
  copyFileSync(playerBundlePath(), join(dir, "deforma-player.js"));
  mkdirSync(join(dir, "arm", "misc_data"), { recursive: true });
  for (const f of ["arm.obj", "arm.rig.json", "misc_data/bulge_types"])
    copyFileSync(join(dir, f), join(dir, "arm", f));
  // A module script and a fetch need http (Chromium refuses both from file://): a plain static server.
  plain = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
    try {
      const body = readFileSync(join(dir, path));
      res.writeHead(200, { "Content-Type": TYPES[extname(path)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => plain!.listen(0, "127.0.0.1", resolve));
}, 120_000);

afterAll(async () => {
  await studio?.close();
  plain?.close();
});

/** A page that blocks and counts every request but the page's own file and the plain server's. */
async function offline(width = 1280, height = 800): Promise<{ page: Page; requests: string[] }> {
  const page = await studio!.browser.newPage({ viewport: { width, height } });
  const requests: string[] = [];
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(plainRoot()) || url.startsWith("file:")) return route.continue();
    requests.push(url);
    return route.abort();
  });
  return { page, requests };
}

/** The element as page code sees it. */
type Bulge = HTMLElement & {
  ready: Promise<void>;
  flex: number;
  selected: { code?: number; name?: string; flex: number };
  bulges: { code: number; name: string }[];
  setFlex(d: number): void;
  select(k: number | string): boolean;
};

async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('deforma-bulge[data-state="ready"]', { timeout: 60_000 });
}

/** Two animation frames: the deformation scheduled by a change is drawn. */
const drawn = (page: Page) =>
  page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(0)))),
  );

describe.skipIf(!browserAvailable)("shared <deforma-bulge> pages", () => {
  // decision 346, decision 349
  it("the arm's page opens offline: no request, the slider bends the arm, a definition switches", {
    timeout: 120_000,
  }, async () => {
    for (const lang of ["en", "ru"] as const) {
      const { page, requests } = await offline();
      const errors = pageErrors(page);
      await openPage(page, pathToFileURL(pages[lang]!).href);
      const sel = () =>
        page.evaluate(() => document.querySelector<Bulge>("deforma-bulge")!.selected);
      // The page opens on the rig's code, straight.
      expect(await sel()).toMatchObject({ code: 5, flex: 0 });
      expect(await page.locator("header .about").textContent()).toContain(
        lang === "en" ? "shared from Deforma" : "выгружено из Deforma",
      );
      const straight = await canvasPixels(page, CANVAS);
      await page.locator("input.bulge-flex").fill("90");
      await drawn(page);
      const bent = await canvasPixels(page, CANVAS);
      expect(differs(straight, bent)).toBeGreaterThan(0);
      expect(await page.locator(".bulge-flex-value").textContent()).toBe("90°");
      await page.locator('button.bulge-item[data-code="1"]').click();
      await drawn(page);
      expect(await sel()).toMatchObject({ code: 1, name: "Biceps", flex: 90 });
      expect(differs(bent, await canvasPixels(page, CANVAS))).toBeGreaterThan(0);
      // Read-only: no editor, toolbar, export or share.
      expect(await page.locator(".section-editor, .bulge-toolbar, .bulge-export").count()).toBe(0);
      expect(requests).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  // decision 349
  it("a skinned .glb's page opens offline, its joint picked, read on the page's thread", {
    timeout: 120_000,
  }, async () => {
    const glb = (await makeCharacter()).glb;
    writeFileSync(join(dir, "hero.glb"), glb);
    const r = await shareFile("hero.glb", glb, {
      read: companionReader(dir),
      player: readFileSync(playerBundlePath(), "utf8"),
      version: "0.0.0",
      lang: "en",
    });
    writeFileSync(join(dir, "hero.html"), r.html!);
    const { page, requests } = await offline();
    const errors = pageErrors(page);
    await openPage(page, pathToFileURL(join(dir, "hero.html")).href);
    expect(await page.locator("select.bulge-joint").inputValue()).toBe("ForeArm");
    const straight = await canvasPixels(page, CANVAS);
    await page.evaluate(() => document.querySelector<Bulge>("deforma-bulge")!.setFlex(80));
    await drawn(page);
    expect(differs(straight, await canvasPixels(page, CANVAS))).toBeGreaterThan(0);
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  // decision 349
  it("looks as the studio's Bulges workspace at the same flex", { timeout: 120_000 }, async () => {
    const s = await studio!.page(1280, 800);
    // Both open straight and are then bent to 60° by their sliders (the studio's deep link to a
    // flex frames the arm from that pose too, a slightly different fit).
    await s.goto(`${studio!.server.entry}#/bulge?code=5`);
    await s.waitForSelector('.bulge-preview[data-state="ready"]', { timeout: 30_000 });
    await s.locator("input.bulge-flex").fill("60");
    await drawn(s);
    const want = (await s.locator(CANVAS).boundingBox())!;
    const { page } = await offline();
    await openPage(page, pathToFileURL(pages.en!).href);
    // Resize the page until its 3-D view is the studio's size (the camera's fit depends on it).
    let size = { width: 1280, height: 800 };
    for (let k = 0; k < 5; k++) {
      const got = (await page.locator(CANVAS).boundingBox())!;
      if (Math.abs(got.width - want.width) < 1 && Math.abs(got.height - want.height) < 1) break;
      size = {
        width: Math.max(320, Math.round(size.width + want.width - got.width)),
        height: Math.max(240, Math.round(size.height + want.height - got.height)),
      };
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
    }
    // The camera holds still while a page is resized: fit both views at the same size.
    await page.locator(".bulge-preview button.fit").click();
    await s.locator(".bulge-preview button.fit").click();
    await s.waitForTimeout(300);
    const inStudio = await canvasPixels(s, CANVAS);
    const at = async (flex: number) => {
      await page.evaluate((f) => document.querySelector<Bulge>("deforma-bulge")!.setFlex(f), flex);
      await drawn(page);
      return canvasPixels(page, CANVAS);
    };
    const shared = await at(60);
    const other = await at(100);
    // Same character, definition, flex and view size: the fingerprints differ by the
    // rasteriser's edges only (measured: 47 against 2 700 for 40° more flex).
    expect(differs(shared, inStudio)).toBeLessThan(differs(shared, other) / 2);
    await s.close();
    await page.close();
  });

  // decision 349
  it("a plain page drives the element through its API; change events follow", {
    timeout: 120_000,
  }, async () => {
    writeFileSync(
      join(dir, "plain.html"),
      '<!doctype html><script type="module" src="deforma-player.js"></script>' +
        '<deforma-bulge src="arm/arm.rig.json" code="2" style="height:500px"></deforma-bulge>',
    );
    const { page, requests } = await offline();
    const errors = pageErrors(page);
    await openPage(page, `${plainRoot()}plain.html`);
    const api = await page.evaluate(async () => {
      const el = document.querySelector<Bulge>("deforma-bulge")!;
      await el.ready;
      const seen: string[] = [];
      el.addEventListener("change", (e) => {
        const d = (e as CustomEvent).detail;
        seen.push(`${d.code}@${d.flex}`);
      });
      const first = el.selected;
      el.setFlex(45);
      const picked = el.select("Biceps");
      const none = el.select(999);
      el.setFlex(1e9);
      const max = Number(el.querySelector<HTMLInputElement>("input.bulge-flex")!.max);
      return { first, picked, none, seen, flex: el.flex, max, count: el.bulges.length };
    });
    expect(api.first).toMatchObject({ code: 2, name: "Calf", flex: 0 });
    // The flex is clamped to the slider's range (the rig's limits: 150° for the demo elbow).
    expect(api).toMatchObject({ picked: true, none: false, count: 7, flex: api.max });
    expect(api.max).toBeGreaterThan(45);
    expect(api.seen).toEqual(["2@45", "1@45", `1@${api.max}`]);
    // decision 349: the element never rewrites the page's address.
    const url = page.url();
    await page.locator("input.bulge-flex").fill("30");
    await drawn(page);
    expect(page.url()).toBe(url);
    expect(requests).toEqual([]);
    expect(errors, errors.join("\n")).toEqual([]);
    await page.close();
  });

  // decision 346
  it("the Bulges workspace's Share as HTML downloads the character shown as one page", {
    timeout: 120_000,
  }, async () => {
    const page = await studio!.page(1280, 800);
    const errors = pageErrors(page);
    await page.goto(`${studio!.server.entry}#/bulge?code=5`);
    await page.waitForSelector('.bulge-preview[data-state="ready"]', { timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 60_000 }),
      page.click(".bulge-toolbar button.share"),
    ]);
    expect(download.suggestedFilename()).toBe("arm.html");
    const html = readFileSync(await downloadedFile(download), "utf8");
    expect(html).toContain('<deforma-bulge data-embedded="deforma-data" lang="en" code="5">');
    await page.waitForFunction(() =>
      document.querySelector(".bulge-toolbar .status")?.textContent?.includes("arm.html"),
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it("runs docs/player.md's bulge snippet as written", { timeout: 120_000 }, async () => {
    const doc = readFileSync(DOC, "utf8");
    const snippet = /<!-- bulge-snippet -->\n```html\n([\s\S]*?)```\n<!-- \/bulge-snippet -->/.exec(
      doc,
    )?.[1];
    expect(snippet).toBeDefined();
    expect(snippet!.match(/<script/g)).toEqual(["<script"]);
    writeFileSync(join(dir, "snippet.html"), snippet!);
    const { page, requests } = await offline();
    const errors = pageErrors(page);
    await openPage(page, `${plainRoot()}snippet.html`);
    expect(await page.evaluate(() => document.querySelector<Bulge>("deforma-bulge")!.flex)).toBe(
      30,
    );
    await page.click("#biceps");
    await page.waitForFunction(() =>
      document.getElementById("said")?.textContent?.startsWith("Biceps at 30"),
    );
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
