/**
 * The player in Chromium: a shared live page from file:// with every network
 * request blocked, `<deforma-live>` driven through its API on a plain page,
 * and docs/player.md's snippet run as written (decisions 323 and 326).
 */
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companionReader } from "../../src/node/files.js";
import { playerBundlePath, shareFile } from "../../src/node/share/index.js";
import { copyDemo } from "../helpers.js";
import { browserAvailable, launchChromium, pageErrors } from "./browser-launch.js";

const PLAYER = playerBundlePath();
const DOC = fileURLToPath(new URL("../../docs/player.md", import.meta.url));
const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".json": "application/json",
  ".png": "image/png",
};

/** Serves `dir` read-only on 127.0.0.1; resolves with the server and its base URL. */
async function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
    if (path === "/favicon.ico") {
      // The browser asks for it on its own; the pages have none.
      res.statusCode = 204;
      res.end();
      return;
    }
    const file = join(dir, path === "/" ? "index.html" : path);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader("Content-Type", TYPES[extname(file)] ?? "application/octet-stream");
    res.end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}/` };
}

/** A folder with the built player, demo/live as face/ and `page` as index.html. */
function site(page: string): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-player-"));
  copyFileSync(PLAYER, join(dir, "deforma-player.js"));
  copyDemo(join(dir, "face"), "live");
  writeFileSync(join(dir, "index.html"), page);
  return dir;
}

/** The names of the element's events the page recorded (`window.seen`). */
const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: string[] }).seen);

const RECORDER = `<!doctype html>
<meta charset="utf-8">
<deforma-live id="face" src="face/face.scene.json" paused style="height: 400px"></deforma-live>
<script type="module">
  import "./deforma-player.js";
  window.seen = [];
  const face = document.getElementById("face");
  for (const type of ["frame", "story", "drop"])
    face.addEventListener(type, (e) => window.seen.push(type === "frame" ? "frame" : type + ":" + JSON.stringify(e.detail)));
</script>`;

describe.skipIf(!browserAvailable)("the player in Chromium", () => {
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

  // decision 323, decision 324
  it("plays a shared live page from file:// with the network blocked: zero requests, events and sliders work", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-share-page-"));
    copyDemo(dir, "live");
    const player = readFileSync(PLAYER, "utf8");
    const bytes = readFileSync(join(dir, "face.scene.json"));
    const options = { read: companionReader(dir), player, version: "test", lang: "en" as const };
    const r = await shareFile("face.scene.json", bytes, options);
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
    await page.waitForSelector('deforma-live[data-state="ready"]', { timeout: 30_000 });
    await page.evaluate(() => {
      const w = window as unknown as { seen: string[] };
      w.seen = [];
      const el = document.querySelector("deforma-live")!;
      for (const type of ["frame", "story"]) el.addEventListener(type, () => w.seen.push(type));
    });
    await page.waitForFunction(() => (window as unknown as { seen: string[] }).seen.length > 3);
    await page.click('button.event[data-event="greet"]');
    await page.waitForFunction(() =>
      (window as unknown as { seen: string[] }).seen.includes("story"),
    );
    await page.waitForSelector(".live-panel .fired:not(:empty)");
    expect(await page.textContent(".live-panel .fired")).toContain("greet");
    // The slider: loud above 0.8 fires the rule on the signal.
    await page.$eval('label.signal[data-signal="loud"] input', (input: HTMLInputElement) => {
      input.value = "0.95";
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await page.waitForFunction(() =>
      document.querySelector(".live-panel .fired")?.textContent?.includes(">"),
    );
    expect(await page.textContent("header .about")).toContain(
      "face.scene.json · shared from Deforma test on",
    );
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  // decision 326
  it("is driven through its API on a plain page; a tick's events come as frame, story, drop", async () => {
    const { server, url } = await serve(site(RECORDER));
    servers.push(server);
    const page = await browser.newPage();
    const errors = pageErrors(page);
    await page.goto(url);
    await page.waitForSelector('deforma-live[data-state="ready"]', { timeout: 30_000 });
    expect(
      await page.evaluate(
        () => (document.getElementById("face") as unknown as { playing: boolean }).playing,
      ),
    ).toBe(false);
    await page.evaluate(async () => {
      const face = document.getElementById("face") as unknown as {
        ready: Promise<void>;
        play(): void;
        trigger(name: string): boolean;
      };
      await face.ready;
      face.play();
      face.trigger("greet");
    });
    await page.waitForFunction(() =>
      (window as unknown as { seen: string[] }).seen.some((s) => s.startsWith("story")),
    );
    // Once the smile is under way, greeting again plays nothing: a drop.
    await page.evaluate(() =>
      (document.getElementById("face") as unknown as { trigger(n: string): void }).trigger("greet"),
    );
    await page.waitForFunction(() =>
      (window as unknown as { seen: string[] }).seen.some((s) => s.startsWith("drop")),
    );
    const events = await seen(page);
    expect(events[0]).toBe("frame");
    const story = events.findIndex((s) => s.startsWith("story"));
    const drop = events.findIndex((s) => s.startsWith("drop"));
    expect(events[story - 1]).toBe("frame");
    expect(JSON.parse(events[story]!.slice(6))).toMatchObject({ rules: expect.any(Array) });
    expect(drop).toBeGreaterThan(story);
    expect(events[drop - 1]).toBe("frame");
    expect(JSON.parse(events[drop]!.slice(5)).dropped[0]).toMatchObject({ trigger: "greet" });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("keeps two players' engine choices apart on one page", async () => {
    const two = `<!doctype html>
<meta charset="utf-8">
<deforma-live id="a" src="face/face.scene.json" paused style="height: 400px"></deforma-live>
<deforma-live id="b" src="face/face.scene.json" paused style="height: 400px"></deforma-live>
<script type="module">import "./deforma-player.js";</script>`;
    const { server, url } = await serve(site(two));
    servers.push(server);
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const errors = pageErrors(page);
    await page.goto(url);
    await page.waitForSelector('#a[data-state="ready"]', { timeout: 30_000 });
    await page.waitForSelector('#b[data-state="ready"]', { timeout: 30_000 });
    const checked = () =>
      page.evaluate(() =>
        ["a", "b"].map(
          (id) =>
            document.querySelector<HTMLInputElement>(`#${id} fieldset.engine input:checked`)?.value,
        ),
      );
    const names = await page.evaluate(() =>
      ["a", "b"].map(
        (id) => document.querySelector<HTMLInputElement>(`#${id} fieldset.engine input`)!.name,
      ),
    );
    expect(names[0]).not.toBe(names[1]);
    const before = await checked();
    expect(before[0]).toBeDefined();
    expect(before[1]).toBeDefined();
    // Choosing another engine in the first player leaves the second one's choice checked.
    const other = await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>(
        "#a fieldset.engine input:not(:checked):not(:disabled)",
      );
      input?.click();
      return input?.value;
    });
    expect(other).toBeDefined();
    expect(await checked()).toEqual([other, before[1]]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("runs docs/player.md's snippet as written", async () => {
    const doc = readFileSync(DOC, "utf8");
    const snippet =
      /<!-- player-snippet -->\n```html\n([\s\S]*?)```\n<!-- \/player-snippet -->/.exec(doc)?.[1];
    expect(snippet).toBeDefined();
    expect(snippet!.match(/<script/g)).toEqual(["<script"]);
    const { server, url } = await serve(site(snippet!));
    servers.push(server);
    const page = await browser.newPage();
    const errors = pageErrors(page);
    await page.goto(url);
    await page.waitForSelector('deforma-live[data-state="ready"]', { timeout: 30_000 });
    await page.click("#greet");
    await page.waitForFunction(() =>
      document.getElementById("said")?.textContent?.startsWith("story:"),
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});
