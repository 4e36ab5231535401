/**
 * The Bulges workspace in real headless Chromium: a project without a
 * catalogue gets the default one; the deep link selects a code; dragging a
 * keypoint past its neighbour stops at the limit; undo and redo; save writes
 * the file as expected; delete names the rigs; the error log shows the line.
 * Skipped with a message when Chromium is missing locally; required when CI=true.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBulgeTypes, readBulgeTypes } from "../../src/bulge/index.js";
import { type BrowserStudio, browserAvailable, OUT, startBrowserStudio } from "./browser-launch.js";

const BAD = [
  'bulge: "Good" code: 3',
  "  angle: 0",
  "    0 0 0",
  "    1 1 0",
  "",
  'bulge: "Broken" code: 4',
  "  angle: 0",
  "    0 0 0",
  "    0.5 0.6 0.9",
  "    1 1 0",
  "",
  'bulge: "Twin" code: 3',
  "  angle: 0",
  "    0 0 0",
  "    1 1 0",
  "",
].join("\n");

describe.skipIf(!browserAvailable)("studio Bulges workspace in Chromium", () => {
  let studio: BrowserStudio;
  let page: Page;
  const dialogs: string[] = [];
  let answer = true;
  const catalogue = () => join(studio.root, "misc_data", "bulge_types");

  beforeAll(async () => {
    studio = await startBrowserStudio({ files: { "bad/bulge_types": BAD } });
    page = await studio.page(1280, 800);
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void (answer ? d.accept() : d.dismiss());
    });
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  async function open(hash: string): Promise<void> {
    await page.goto("about:blank");
    await page.goto(`${studio.server.entry}${hash}`);
    await page.waitForSelector('.workspace.bulge[data-state="ready"]', { timeout: 30_000 });
  }

  const selectedCode = () => page.locator(".bulge-item.selected").getAttribute("data-code");
  const circle = (i: number) => page.locator(`.section-chart circle.kp-circle[data-index="${i}"]`);

  it("a project without misc_data/bulge_types gets the default catalogue", async () => {
    rmSync(catalogue());
    await open("#/bulge");
    expect(readFileSync(catalogue(), "utf8")).toBe(defaultBulgeTypes());
    expect(await page.locator(".bulge-toolbar .status").textContent()).toContain("default");
    // The file list shows the new catalogue without a reload.
    await page.waitForSelector('.file-list li[data-path="misc_data/bulge_types"]', {
      timeout: 10_000,
    });
    const count = readBulgeTypes(defaultBulgeTypes()).model.bulges.length;
    expect(await page.locator(".bulge-item").count()).toBe(count);
  });

  it("the deep link selects the code and the address follows the selection", async () => {
    await open("#/bulge?code=1&flex=30");
    expect(await selectedCode()).toBe("1");
    await page.locator('.bulge-item[data-code="5"]').click();
    expect(await selectedCode()).toBe("5");
    expect(new URL(page.url()).hash).toBe("#/bulge?code=5&flex=30");
    expect(await page.locator(".section-tab").allTextContents()).toEqual(["0°", "180°"]);
    // The file check links here by the workspace's name.
    await page.goto(`${studio.server.entry}#/file?file=misc_data%2Fbulge_types`);
    const check = page.locator('.file-view a[href="#/bulge?file=misc_data%2Fbulge_types"]');
    expect(await check.textContent()).toBe("Open in Bulges");
    // The file list opens the catalogue here.
    const link = page.locator('.file-list li[data-path="misc_data/bulge_types"] a').first();
    expect(await link.getAttribute("href")).toBe("#/bulge?file=misc_data%2Fbulge_types");
    await link.click();
    await page.waitForSelector('.workspace.bulge[data-state="ready"]');
    expect(await page.locator(".bulge-item").count()).toBeGreaterThan(4);
  });

  it("dragging a keypoint past its neighbour stops at the limit; undo and redo", async () => {
    await open("#/bulge?code=5");
    const before = await circle(1).getAttribute("cx");
    const box = (await circle(1).boundingBox())!;
    const next = (await circle(2).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(next.x + 80, box.y + box.height / 2, { steps: 8 });
    expect(await page.locator(".section-chart").getAttribute("data-limited")).toBe("true");
    expect(await page.locator(".section-chart .range.limited").count()).toBe(1);
    expect(await page.locator(".section-editor .readout").textContent()).toContain(
      "Stopped at the limit: u ∈ [0.0010, 0.9990]",
    );
    await page.screenshot({ path: join(OUT, "bulge-drag-1280x800.png") });
    await page.mouse.up();
    expect(await page.locator(".section-editor .readout").textContent()).toContain("u 0.9990");
    const after = Number(await circle(1).getAttribute("cx"));
    expect(after).toBeLessThan(Number(await circle(2).getAttribute("cx")));
    expect(await page.locator(".bulge-toolbar").getAttribute("data-unsaved")).toBe("true");
    expect(await page.locator(".bulge-item:has(.edited)").getAttribute("data-code")).toBe("5");
    await page.locator("button.undo").click();
    expect(await page.locator(".bulge-item .edited").count()).toBe(0);
    expect(await circle(1).getAttribute("cx")).toBe(before);
    expect(await page.locator(".bulge-toolbar").getAttribute("data-unsaved")).toBe("false");
    await page.locator("button.redo").click();
    expect(Number(await circle(1).getAttribute("cx"))).toBe(after);
    await page.locator(".section-chart").hover();
    await page.keyboard.press("Control+z");
    expect(await circle(1).getAttribute("cx")).toBe(before);
    await page.keyboard.press("Control+Shift+Z");
    expect(Number(await circle(1).getAttribute("cx"))).toBe(after);
  });

  it("Escape during a drag puts the keypoint back and records nothing", async () => {
    const cross = page.locator('.section-chart .kp-cross[data-index="1"]');
    const at = await cross.getAttribute("transform");
    const box = (await cross.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - 60, box.y + 40, { steps: 4 });
    expect(await cross.getAttribute("transform")).not.toBe(at);
    await page.keyboard.press("Escape");
    await page.mouse.up();
    expect(await cross.getAttribute("transform")).toBe(at);
    // The last edit is still the earlier drag of the circle: undo moves the circle, not the X.
    const cx = await circle(1).getAttribute("cx");
    await page.locator("button.undo").click();
    expect(await circle(1).getAttribute("cx")).not.toBe(cx);
    await page.locator("button.redo").click();
    expect(await circle(1).getAttribute("cx")).toBe(cx);
  });

  // decision 70
  it("leaving the workspace keeps unsaved edits", async () => {
    const cx = await circle(1).getAttribute("cx");
    await page.evaluate(() => {
      location.hash = "#/live";
    });
    await page.waitForSelector('.workspace.live[data-ws="live"]:not([hidden])');
    await page.evaluate(() => {
      location.hash = "#/bulge?code=5";
    });
    await page.waitForSelector('.workspace.bulge[data-state="ready"]');
    expect(await page.locator(".bulge-toolbar").getAttribute("data-unsaved")).toBe("true");
    expect(await circle(1).getAttribute("cx")).toBe(cx);
  });

  // decision 68
  it("save writes the file: the dragged value changes, nothing else; the rigs are named", async () => {
    const old = readBulgeTypes(readFileSync(catalogue(), "utf8")).model.bulges;
    dialogs.length = 0;
    answer = true;
    await page.locator("button.save").click();
    await page.waitForSelector('.bulge-toolbar[data-unsaved="false"]');
    expect(dialogs[0]).toContain("arm.rig.json (elbow)");
    expect(dialogs[0]).not.toContain("changed on disk");
    const now = readBulgeTypes(readFileSync(catalogue(), "utf8"));
    expect(now.model.errlog).toEqual([]);
    const generic = now.model.bulges.find((d) => d.code === 5)!;
    expect(generic.sections[0]!.keypoints[1]).toEqual([0.999, 0.5, 0.25]);
    const strip = (b: typeof old) => b.map((d) => ({ ...d, line: 0 }));
    const expected = strip(old).map((d) =>
      d.code === 5
        ? {
            ...d,
            sections: d.sections.map((s, i) =>
              i === 0
                ? { ...s, keypoints: s.keypoints.map((k, j) => (j === 1 ? [0.999, 0.5, 0.25] : k)) }
                : s,
            ),
          }
        : d,
    );
    expect(strip(now.model.bulges)).toEqual(expected);
  });

  it("rename and recode check uniqueness; delete asks and names the rigs", async () => {
    await open("#/bulge?code=5");
    await page.locator("input.bulge-name").fill("Biceps");
    await page.locator("input.bulge-name").press("Enter");
    expect(await page.locator(".lister .refusal").textContent()).toContain("already exists");
    await page.locator("input.bulge-code").fill("1");
    await page.locator("input.bulge-code").press("Enter");
    expect(await page.locator(".lister .refusal").textContent()).toContain(
      "Code 1 is already used",
    );
    await page.locator("input.bulge-code").fill("");
    await page.locator("input.bulge-code").press("Enter");
    expect(await page.locator(".lister .refusal").textContent()).toContain("integer ≥ 0");
    expect(await selectedCode()).toBe("5");
    expect(await page.locator(".rig-uses").textContent()).toContain("arm.rig.json (elbow)");
    dialogs.length = 0;
    answer = false;
    await page.locator("button.delete-bulge").click();
    expect(dialogs[0]).toContain("arm.rig.json (elbow)");
    expect(await page.locator('.bulge-item[data-code="5"]').count()).toBe(1);
    answer = true;
    await page.locator("button.delete-bulge").click();
    expect(await page.locator('.bulge-item[data-code="5"]').count()).toBe(0);
    await page.locator("button.undo").click();
    expect(await page.locator('.bulge-item[data-code="5"]').count()).toBe(1);
  });

  it("the arrow keys move the clicked icon within the rules, one undo step each", async () => {
    await open("#/bulge?code=1");
    const readout = page.locator(".section-editor .readout");
    await page.locator('.section-chart .kp-cross[data-index="1"]').click();
    expect(await readout.textContent()).toContain("u 0.2500 · x 0.2200 · y 0.0400");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Shift+ArrowLeft");
    expect(await readout.textContent()).toContain("u 0.2500 · x 0.2190 · y 0.0500");
    await page.locator('.section-chart circle.kp-circle[data-index="1"]').click();
    await page.keyboard.press("ArrowRight");
    expect(await readout.textContent()).toContain("u 0.2600 · x 0.2190");
    await page.locator("button.undo").click();
    expect(await readout.textContent()).toContain("u 0.2500 · x 0.2190");
    await page.locator('.section-chart circle.kp-circle[data-index="1"]').click();
    for (let i = 0; i < 30; i++) await page.keyboard.press("ArrowLeft");
    expect(await readout.textContent()).toContain("u 0.0010 · x 0.2190");
    while (!(await page.locator("button.undo").isDisabled()))
      await page.locator("button.undo").click();
    expect(await page.locator(".bulge-toolbar").getAttribute("data-unsaved")).toBe("false");
  });

  it("adds a section at the suggested angle and removes it; an unknown code in the link is reported", async () => {
    await open("#/bulge?code=5");
    expect(await page.locator("input.section-angle").getAttribute("placeholder")).toBe("90");
    await page.locator("button.add-section").click();
    expect(await page.locator(".section-tab").allTextContents()).toEqual(["0°", "90°", "180°"]);
    expect(await page.locator(".section-tab.selected").textContent()).toBe("90°");
    await page.locator("input.section-angle").fill("180");
    await page.locator("button.add-section").click();
    expect(await page.locator(".section-editor .refusal").textContent()).toContain("180°");
    await page.locator("button.remove-section").click();
    expect(await page.locator(".section-tab").allTextContents()).toEqual(["0°", "180°"]);
    await page.locator("button.undo").click();
    await page.locator("button.undo").click();
    expect(await page.locator(".bulge-toolbar").getAttribute("data-unsaved")).toBe("false");
    await open("#/bulge?code=999");
    expect(await page.locator(".bulge-toolbar .status").textContent()).toContain(
      "No definition has code 999",
    );
  });

  it("save warns when the file changed on disk since it was read, and can be declined", async () => {
    await open("#/bulge?code=1");
    const external = `${readFileSync(catalogue(), "utf8")}# edited elsewhere\n`;
    writeFileSync(catalogue(), external);
    await page.locator('.section-chart .kp-cross[data-index="1"]').click();
    await page.keyboard.press("ArrowUp");
    dialogs.length = 0;
    answer = false;
    await page.locator("button.save").click();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toContain("changed on disk");
    expect(readFileSync(catalogue(), "utf8")).toBe(external);
    answer = true;
    await page.locator("button.undo").click();
  });

  it("the error log lists omitted and recoded definitions; a click shows the line", async () => {
    await open("#/bulge?file=bad%2Fbulge_types");
    expect(await page.locator(".bulge-item .name").allTextContents()).toEqual(["Good", "Twin"]);
    const entries = page.locator(".errlog-entry");
    expect(await entries.count()).toBe(2);
    expect(await entries.nth(0).getAttribute("data-line")).toBe("6");
    expect(await entries.nth(1).getAttribute("data-line")).toBe("12");
    await entries.nth(1).click();
    expect(await page.locator(".src-line.marked").getAttribute("data-line")).toBe("12");
    expect(await page.locator(".src-line.marked").textContent()).toContain('bulge: "Twin"');
    await page.screenshot({ path: join(OUT, "bulge-errlog-1280x800.png") });
  });

  for (const [w, hgt, lang] of [
    [800, 600, "en"],
    [1280, 800, "en"],
    [1024, 640, "ru"],
  ] as const) {
    // decision 118
    it(`lays out without overlap at ${w}×${hgt} (${lang}), preview in view, axes titled, buttons named`, async () => {
      await page.setViewportSize({ width: w, height: hgt });
      await open("#/bulge?code=1");
      await page.selectOption("select.lang", lang);
      await page.locator(".kp-circle").nth(1).click();
      await page.screenshot({ path: join(OUT, `bulge-${w}x${hgt}-${lang}.png`) });
      const boxes = await page.evaluate(() =>
        [".bulge-left", ".bulge-centre", ".bulge-right", "aside.files"].map((s) => {
          const r = document.querySelector(s)!.getBoundingClientRect();
          return { s, x: r.x, y: r.y, r: r.right, b: r.bottom };
        }),
      );
      for (const a of boxes)
        for (const b of boxes) {
          if (a === b) continue;
          const overlap = a.x < b.r - 1 && b.x < a.r - 1 && a.y < b.b - 1 && b.y < a.b - 1;
          expect(overlap, `${a.s} overlaps ${b.s}`).toBe(false);
        }
      const chart = (await page.locator(".section-chart").boundingBox())!;
      expect(chart.x + chart.width).toBeLessThanOrEqual(w);
      expect(chart.width).toBeGreaterThan(250);
      const save = (await page.locator("button.save").boundingBox())!;
      expect(save.x + save.width).toBeLessThanOrEqual(w);
      for (const b of await page.locator(".section-editor .row button").all()) {
        const r = (await b.boundingBox())!;
        expect(r.x + r.width, (await b.getAttribute("title")) ?? "").toBeLessThanOrEqual(w);
      }
      // The chart's axes say what they are, with units.
      const titles = await page.locator(".section-chart .axis-title").allTextContents();
      expect(titles).toHaveLength(2);
      for (const title of titles) expect(title).toMatch(/\(.+\)/);
      // The 3-D preview is in the window without scrolling.
      const stage = (await page.locator(".bulge-preview-stage").boundingBox())!;
      expect(stage.height).toBeGreaterThan(100);
      expect(stage.y + stage.height).toBeLessThanOrEqual(hgt + 1);
      expect(stage.x + stage.width).toBeLessThanOrEqual(w + 1);
      // Keypoint and section buttons are told apart by visible text: their own, or their group's name.
      const captions = await page.locator(".section-editor .row .group").evaluateAll((groups) =>
        groups.map((g) => {
          const shown = (e: Element | null) => !!e && e.getBoundingClientRect().width > 0;
          const label = g.querySelector(".group-label");
          const buttons = [...g.querySelectorAll("button")];
          const texts = buttons.map((b) => (shown(b.querySelector(".label")) ? b.textContent : ""));
          return {
            caption: `${shown(label) ? label!.textContent : ""}|${texts.join("|")}`,
            titled: buttons.every((b) => b.title !== ""),
            named: buttons.every((b) => shown(label) || b.textContent !== ""),
          };
        }),
      );
      expect(captions).toHaveLength(2);
      expect(captions[0]!.caption).not.toBe(captions[1]!.caption);
      for (const c of captions) expect(c).toMatchObject({ titled: true, named: true });
      await page.selectOption("select.lang", "en");
    });
  }
});
