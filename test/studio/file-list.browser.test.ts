/**
 * The studio's file list and file view in real headless Chromium: a folder
 * tree, a collapsed numbered series, the real check result beside each file
 * of a known format, and a test-only format (the toy) that the server's
 * registry knows and the page shows with no edit of the web app. Skipped with
 * a message when Chromium is missing locally; required when CI=true.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormatRegistry } from "../../src/core/index.js";
import { FORMATS } from "../../src/formats.js";
import { TOY_FORMAT } from "../fixtures/toy-format/format.js";
import { type BrowserStudio, browserAvailable, startBrowserStudio } from "./browser-launch.js";

const LONG = "a-very-long-file-name-that-would-not-fit-in-the-sidebar-at-all.toy";

describe.skipIf(!browserAvailable)("studio file list in Chromium", () => {
  let studio: BrowserStudio;
  let server: BrowserStudio["server"];
  let page: Page;

  beforeAll(async () => {
    const files: Record<string, string> = {
      "notes.txt": "hello\n",
      "x.toy": "width = 3\nwidth = 4\n",
      [LONG]: "a = 1\n",
      "out/vtk/rod.pvd": "<VTKFile/>\n",
    };
    for (let i = 0; i < 192; i++)
      files[`out/vtk/rod_${String(i).padStart(4, "0")}.vtu`] = "<VTKFile/>\n";
    // The studio's registry: every system's formats plus the test-only toy.
    studio = await startBrowserStudio({
      files,
      formats: new FormatRegistry([...FORMATS.formats, TOY_FORMAT]),
    });
    server = studio.server;
    page = await studio.page();
    await page.goto(`${server.entry}#/file?file=notes.txt`);
    await page.waitForSelector(".file-list li.file");
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  const row = (path: string) => page.locator(`.file-list li[data-path="${path}"]`);

  it("shows folders as a tree and a 192-file series as one collapsed entry", async () => {
    expect(await row("out").getAttribute("class")).toContain("folder");
    expect(await row("out/vtk").locator("> .row .name").textContent()).toBe("vtk");
    const series = row("out/vtk/rod.pvd");
    expect(await series.getAttribute("class")).toContain("series");
    expect(await series.getAttribute("data-count")).toBe("192");
    expect(await page.locator('.file-list li.file[data-path^="out/vtk/rod_"]').count()).toBe(0);
    // A .pvd is a registry format (checked with the files it names): its check result is beside it.
    expect(await series.locator("> .row a.check").count()).toBe(1);
    await series.locator("> .row button.toggle").click();
    await page.waitForSelector('.file-list li.file[data-path="out/vtk/rod_0191.vtu"]');
    expect(await page.locator('.file-list li.file[data-path^="out/vtk/rod_"]').count()).toBe(192);
    await row("out/vtk/rod.pvd").locator("> .row button.toggle").click();
    expect(await page.locator('.file-list li.file[data-path^="out/vtk/rod_"]').count()).toBe(0);
    // A folder closes and opens again.
    await row("out").locator("> .row button.toggle").click();
    expect(await row("out/vtk").count()).toBe(0);
    await row("out").locator("> .row button.toggle").click();
    expect(await row("out/vtk").count()).toBe(1);
  });

  it("shows each known file's real check result, linked to its check", async () => {
    const status = (path: string) => row(path).locator("> .row a.check");
    await page.waitForFunction(
      () => document.querySelectorAll('.file-list a.check[data-status="pending"]').length === 0,
    );
    expect(await status("slider-crank.amx").getAttribute("data-status")).toBe("ok");
    expect(await status("slider-crank.amx").textContent()).toBe("✓");
    expect(await status("broken.amx").getAttribute("data-status")).toBe("errors");
    expect(await status("broken.amx").textContent()).toBe("✗ 1");
    expect(await status("x.toy").getAttribute("data-status")).toBe("warnings");
    expect(await status("x.toy").textContent()).toBe("⚠ 1");
    expect(await status("broken.amx").getAttribute("href")).toBe("#/file?file=broken.amx");
    expect(await status("notes.txt").count()).toBe(0);
    // An .amx opens in the Mixed workspace; the status is the "check this file" action.
    expect(await row("slider-crank.amx").locator("a.name").getAttribute("href")).toBe(
      "#/mixed?file=slider-crank.amx",
    );
    expect(await status("broken.amx").getAttribute("title")).toContain(
      "Checked: 1 error, no warnings",
    );
  });

  it("never breaks a name mid-word: one line, ellipsis, the full path in the title", async () => {
    const name = row(LONG).locator("> .row .name");
    const box = await name.evaluate((el) => {
      const s = getComputedStyle(el);
      return {
        height: el.getBoundingClientRect().height,
        lineHeight: Number.parseFloat(s.lineHeight) || Number.parseFloat(s.fontSize) * 1.4,
        overflow: s.textOverflow,
        clipped: el.scrollWidth > el.clientWidth,
      };
    });
    expect(box.overflow).toBe("ellipsis");
    expect(box.clipped).toBe(true);
    expect(box.height).toBeLessThan(box.lineHeight * 1.6);
    expect(await name.getAttribute("title")).toContain(LONG);
  });

  it("opens the toy format in the file view: its findings and summary", async () => {
    await page.goto(`${server.entry}#/file?file=x.toy`);
    await page.waitForSelector('.file-view[data-state="valid"]');
    expect(await page.locator(".file-view .format").textContent()).toContain("toy lines");
    expect(await page.locator(".file-view .problems-list").textContent()).toContain(
      "x.toy:2:1: warning TOY002: 'width' is given twice",
    );
    expect(await page.locator(".file-view dl.summary > dt").allTextContents()).toContain("names");
    await page.goto(`${server.entry}#/file?file=notes.txt`);
    await page.waitForSelector('.file-view[data-state="unknown"]');
    expect(await page.locator(".file-view").textContent()).toContain("text starting with 'hello'");
  });
});
