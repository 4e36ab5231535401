/**
 * The Bulges workspace's smaller defects of issue 19, in real headless
 * Chromium: a refusal goes when its field reverts; keypoints can be typed;
 * the source pane fits the window; an unknown code in the link says so and
 * selects nothing; the preview names the strength as the CLI does.
 * Skipped with a message when Chromium is missing locally; required when CI=true.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserStudio, browserAvailable, startBrowserStudio } from "./browser-launch.js";

describe.skipIf(!browserAvailable)("studio Bulges workspace: panes and fields", () => {
  let studio: BrowserStudio;
  let page: Page;

  beforeAll(async () => {
    studio = await startBrowserStudio();
    page = await studio.page(1280, 800);
    page.on("dialog", (d) => void d.accept());
  }, 60_000);

  afterAll(async () => {
    await studio?.close();
  });

  async function open(hash: string): Promise<void> {
    await page.goto("about:blank");
    await page.goto(`${studio.server.entry}${hash}`);
    await page.waitForSelector('.workspace.bulge[data-state="ready"]', { timeout: 30_000 });
  }

  const refusal = (panel: string) => page.locator(`${panel} .refusal`).textContent();

  it("a refusal goes when its field reverts (Escape, or another definition selected)", async () => {
    await open("#/bulge?code=5");
    const name = page.locator("input.bulge-name");
    await name.fill("Biceps");
    await name.press("Enter");
    expect(await refusal(".lister")).toContain("already exists");
    await name.press("Escape");
    expect(await name.inputValue()).toBe("Generic");
    expect(await refusal(".lister")).toBe("");
    await page.locator("input.bulge-code").fill("1");
    await page.locator("input.bulge-code").press("Enter");
    expect(await refusal(".lister")).toContain("Code 1 is already used");
    await page.locator('.bulge-item[data-code="2"]').click();
    expect(await page.locator("input.bulge-code").inputValue()).toBe("2");
    expect(await refusal(".lister")).toBe("");
  });

  it("a keypoint's u, x and y can be typed; a value past a neighbour is refused with the range", async () => {
    await open("#/bulge?code=1");
    await page.locator('.section-chart circle.kp-circle[data-index="1"]').click();
    const readout = page.locator(".section-editor .readout");
    expect(await readout.textContent()).toContain("u 0.2500 · x 0.2200 · y 0.0400");
    await page.locator("input.kp-y").fill("0.1");
    await page.locator("input.kp-y").press("Enter");
    expect(await readout.textContent()).toContain("u 0.2500 · x 0.2200 · y 0.1000");
    await page.locator("input.kp-u").fill("0.3");
    await page.locator("input.kp-u").press("Enter");
    expect(await readout.textContent()).toContain("u 0.3000 · x 0.2200 · y 0.1000");
    await page.locator("input.kp-x").fill("0.9");
    await page.locator("input.kp-x").press("Enter");
    expect(await refusal(".section-editor")).toMatch(/^x must be a number from 0\.001 to 0\.499/);
    expect(await readout.textContent()).toContain("x 0.2200");
    // Leaving the refused field puts the value back, and the refusal goes.
    await page.locator("input.kp-y").focus();
    await expect.poll(() => refusal(".section-editor")).toBe("");
    expect(await page.locator("input.kp-x").inputValue()).toBe("0.22");
    // The ends' u is fixed.
    await page.locator('.section-chart .kp-cross[data-index="0"]').click();
    expect(await page.locator("input.kp-u").isDisabled()).toBe(true);
    await page.locator("button.undo").click();
    await page.locator("button.undo").click();
    expect(await page.locator(".bulge-toolbar").getAttribute("data-unsaved")).toBe("false");
  });

  for (const [w, hgt] of [
    [800, 600],
    [1280, 800],
  ] as const) {
    it(`the source pane fits the window at ${w}×${hgt}: no line cut, its bottom in view`, async () => {
      await page.setViewportSize({ width: w, height: hgt });
      await open("#/bulge?code=5");
      const pane = page.locator(".errlog pre.source");
      const box = (await pane.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(hgt + 1);
      expect(box.x + box.width).toBeLessThanOrEqual(w + 1);
      expect(box.height).toBeGreaterThan(60);
      const cut = await pane.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(cut).toBeLessThanOrEqual(1);
      await page.setViewportSize({ width: 1280, height: 800 });
    });
  }

  // decision 236
  it("an unknown code in the link says so, selects nothing and stays in the address", async () => {
    await open("#/bulge?code=99");
    expect(await page.locator(".bulge-item.selected").count()).toBe(0);
    expect(await page.locator(".bulge-notice").textContent()).toBe("No definition has code 99.");
    expect(await page.locator(".bulge-notice").isVisible()).toBe(true);
    expect(await page.locator(".section-editor").isVisible()).toBe(false);
    expect(await page.evaluate(() => location.hash)).toBe("#/bulge?code=99");
    await page.locator('.bulge-item[data-code="5"]').click();
    expect(await page.locator(".bulge-notice").isVisible()).toBe(false);
    expect(await page.evaluate(() => location.hash)).toBe("#/bulge?code=5");
  });

  // decision 235
  it("the preview names the strength (activation × scale) as the CLI does", async () => {
    await open("#/bulge?code=5&flex=90");
    await expect.poll(() => page.locator(".bulge-amount").textContent()).toBe("Strength 42 %");
  });
});
