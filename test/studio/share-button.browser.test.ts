/** The Live workspace's "Share as HTML" button: the server's page, downloaded (decision 329). */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BrowserStudio,
  browserAvailable,
  downloadedFile,
  pageErrors,
  startBrowserStudio,
} from "./browser-launch.js";

describe.skipIf(!browserAvailable)("Share as HTML in the Live workspace", () => {
  let studio: BrowserStudio;
  beforeAll(async () => {
    studio = await startBrowserStudio();
  });
  afterAll(async () => {
    await studio?.close();
  });

  // decision 329
  it("downloads the open scene as one page, named after it, and says so", async () => {
    const page = await studio.page();
    const errors = pageErrors(page);
    await page.goto(`${studio.server.entry}#/live?file=live%2Fface.scene.json`);
    await page.waitForSelector('.workspace.live[data-state="ready"]', { timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 60_000 }),
      page.click(".workspace.live button.share"),
    ]);
    expect(download.suggestedFilename()).toBe("face.html");
    const html = readFileSync(await downloadedFile(download), "utf8");
    expect(html).toContain('<deforma-live data-embedded="deforma-data"');
    await page.waitForFunction(() =>
      document.querySelector(".live-toolbar .status")?.textContent?.includes("face.html"),
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});
