/** `npm run demo`'s shared pages (scripts/demo/share.ts). */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_SHARES, writeDemoShares } from "../../scripts/demo/share.js";
import { playerBundlePath } from "../../src/node/share/index.js";
import { copyDemo } from "../helpers.js";

describe("the demo's shared pages", () => {
  // decision 331
  it("go to a folder git ignores", () => {
    const ignore = readFileSync(new URL("../../.gitignore", import.meta.url), "utf8");
    expect(ignore.split("\n")).toContain("demo/share/");
  });

  it("include one page of each kind of view: the live face, the mixed model, the bulge arm", () => {
    expect(DEMO_SHARES.map(([file]) => file)).toEqual([
      "live/face.scene.json",
      "slider-crank.amx",
      "arm.rig.json",
    ]);
  });

  it.skipIf(!existsSync(playerBundlePath()))(
    "are written for each shareable demo file",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "deforma-demo-share-"));
      copyDemo(dir);
      const lines = await writeDemoShares(dir);
      expect(lines).toHaveLength(DEMO_SHARES.length);
      for (const [, page] of DEMO_SHARES) {
        const html = readFileSync(join(dir, "share", page), "utf8");
        expect(html).toContain("data-embedded=");
        if (page === "arm.html") expect(html).toContain("<deforma-bulge ");
      }
    },
  );
});
