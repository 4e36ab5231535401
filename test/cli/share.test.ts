/** `deforma share` (docs/player.md). */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { playerBundlePath } from "../../src/node/share/index.js";
import { cli, copyDemo } from "../helpers.js";

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-share-cli-"));
  copyDemo(dir, "live");
  return dir;
}

describe.skipIf(!existsSync(playerBundlePath()) && process.env.CI !== "true")(
  "deforma share",
  () => {
    it("writes a live scene's page with the player inlined", async () => {
      const dir = scratch();
      const r = await cli(["share", "face.scene.json", "-o", "face.html", "--lang", "ru"], dir);
      expect(r.err).toBe("");
      expect(r.code).toBe(0);
      expect(r.out).toBe("face.html: live page of face.scene.json written\n");
      const html = readFileSync(join(dir, "face.html"), "utf8");
      expect(html).toContain('<html lang="ru">');
      expect(html).toContain(readFileSync(playerBundlePath(), "utf8").slice(0, 200));
    });

    // decision 327
    it("refuses a file it cannot share with a located FMT008 and exit code 2, writing nothing", async () => {
      const dir = scratch();
      writeFileSync(join(dir, "notes.txt"), "hello\n");
      const r = await cli(["share", "notes.txt", "-o", "notes.html"], dir);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^notes\.txt:1:1: error FMT008: /);
      expect(existsSync(join(dir, "notes.html"))).toBe(false);
    });

    it("refuses a scene whose picture is broken: the PNG finding at the frame, FMT009, exit 2", async () => {
      const dir = scratch();
      writeFileSync(join(dir, "face-talk.png"), "not a png");
      const r = await cli(["share", "face.scene.json", "-o", "face.html"], dir);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/face\.scene\.json:\d+:\d+: error PNG\d+/);
      expect(r.err).toContain("error FMT009");
      expect(existsSync(join(dir, "face.html"))).toBe(false);
    });

    it("replaces OUT only with --force, and never a target that is not a regular file", async () => {
      const dir = scratch();
      writeFileSync(join(dir, "face.html"), "old");
      const kept = await cli(["share", "face.scene.json", "-o", "face.html"], dir);
      expect(kept.code).toBe(1);
      expect(readFileSync(join(dir, "face.html"), "utf8")).toBe("old");
      const forced = await cli(["share", "face.scene.json", "-o", "face.html", "--force"], dir);
      expect(forced.code).toBe(0);
      execFileSync("mkfifo", [join(dir, "pipe.html")]);
      const fifo = await cli(["share", "face.scene.json", "-o", "pipe.html", "--force"], dir);
      expect(fifo.code).not.toBe(0);
      expect(fifo.err).toContain("FIFO");
      expect(statSync(join(dir, "pipe.html")).isFIFO()).toBe(true);
    });

    // decision 346, decision 348
    it("writes a bulge rig's page, and refuses its catalogue alone with a located FMT017", async () => {
      const dir = mkdtempSync(join(tmpdir(), "deforma-share-cli-"));
      copyDemo(dir);
      const r = await cli(["share", "arm.rig.json", "-o", "arm.html"], dir);
      expect(r.err).toBe("");
      expect(r.out).toBe("arm.html: bulge page of arm.rig.json written\n");
      expect(readFileSync(join(dir, "arm.html"), "utf8")).toContain("<deforma-bulge ");
      const alone = await cli(["share", "misc_data/bulge_types", "-o", "types.html"], dir);
      expect(alone.code).toBe(2);
      expect(alone.err).toMatch(/^misc_data\/bulge_types:1:1: error FMT017: /);
      expect(alone.err).not.toContain("FMT009");
      expect(existsSync(join(dir, "types.html"))).toBe(false);
    });

    it("needs -o and a file", async () => {
      const dir = scratch();
      expect((await cli(["share", "face.scene.json"], dir)).code).toBe(2);
      expect((await cli(["share", "-", "-o", "x.html"], dir)).code).toBe(2);
    });
  },
);
