import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeBase64 } from "../../src/core/base64.js";
import { locateReport } from "../../src/core/report.js";
import { unpackTyped } from "../../src/core/typed-pack.js";
import { companionReader } from "../../src/node/files.js";
import {
  escapeHtml,
  MAX_SHARE_PAYLOAD,
  missingPlayerWords,
  playerBundlePath,
  readPlayerBundle,
  SHARE_DATA_ID,
  scriptSafe,
  shareFile,
  shareHtml,
} from "../../src/node/share/index.js";
import { copyDemo } from "../helpers.js";

/** A scratch copy of demo/live; returns its folder. */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-share-"));
  copyDemo(dir, "live");
  return dir;
}

const PLAYER = "customElements.define('x-y', class extends HTMLElement {});";
const options = (dir: string) => ({
  read: companionReader(dir),
  player: PLAYER,
  version: "9.9.9",
  lang: "en" as const,
  date: new Date("2026-12-02T10:00:00Z"),
});

/** The payload of a page's data block. */
function payloadOf(html: string): unknown {
  const m = new RegExp(
    `<script type="application/octet-stream" id="${SHARE_DATA_ID}">([^<]*)<`,
  ).exec(html);
  return unpackTyped(decodeBase64(m![1]!)!)?.value;
}

describe("shareFile", () => {
  // decision 323, decision 330
  it("packs a live scene and its pictures into one page that names no other file", async () => {
    const dir = scratch();
    const bytes = readFileSync(join(dir, "face.scene.json"));
    const r = await shareFile("face.scene.json", bytes, options(dir));
    expect(r.kind).toBe("live");
    const html = r.html!;
    expect(html).toContain(`<deforma-live data-embedded="${SHARE_DATA_ID}" lang="en">`);
    expect(html).toContain("face.scene.json · shared from Deforma 9.9.9 on 2026-12-02");
    expect(html).toContain(PLAYER);
    expect(html).not.toMatch(/\s(src|href)=/);
    const value = payloadOf(html) as {
      kind: string;
      scene: string;
      files: Record<string, Uint8Array>;
    };
    expect(value.kind).toBe("live");
    expect(value.scene).toBe("face.scene.json");
    expect(Object.keys(value.files).sort()).toEqual([
      "face-blink.png",
      "face-neutral.png",
      "face-smile.png",
      "face-surprise.png",
      "face-talk.png",
      "face.scene.json",
    ]);
    expect(value.files["face.scene.json"]).toEqual(new Uint8Array(bytes));
  });

  // decision 325
  it("keeps a scene in a subfolder under its own name, its pictures read beside it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-share-"));
    copyDemo(join(dir, "a", "b"), "live");
    const bytes = readFileSync(join(dir, "a/b/face.scene.json"));
    const r = await shareFile("a/b/face.scene.json", bytes, { ...options(dir), lang: "ru" });
    expect(r.html).toContain("face.scene.json · выгружено из Deforma 9.9.9 2026-12-02");
    expect((payloadOf(r.html!) as { scene: string }).scene).toBe("face.scene.json");
  });

  it("refuses a file no kind shares with FMT008 at line 1, column 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-share-"));
    writeFileSync(join(dir, "notes.txt"), "hello\n");
    const r = await shareFile("notes.txt", readFileSync(join(dir, "notes.txt")), options(dir));
    expect(r.html).toBeUndefined();
    const found = locateReport(r.report).map((d) => `${d.code}@${d.line}:${d.column}`);
    expect(found).toEqual(["FMT008@1:1"]);
  });

  it("refuses a scene with errors: its findings, then FMT009", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "face-smile.png"), "not a png");
    const bytes = readFileSync(join(dir, "face.scene.json"));
    const r = await shareFile("face.scene.json", bytes, options(dir));
    expect(r.html).toBeUndefined();
    const codes = locateReport(r.report).map((d) => d.code);
    expect(codes.at(-1)).toBe("FMT009");
    expect(codes.some((c) => c.startsWith("PNG"))).toBe(true);
  });

  // decision 328
  it("refuses a page whose data is over the bound with FMT011", async () => {
    expect(MAX_SHARE_PAYLOAD).toBe(64 * 1024 * 1024);
    const dir = scratch();
    const bytes = readFileSync(join(dir, "face.scene.json"));
    const r = await shareFile("face.scene.json", bytes, { ...options(dir), maxPayload: 1000 });
    expect(r.html).toBeUndefined();
    const d = locateReport(r.report).at(-1)!;
    expect(d.code).toBe("FMT011");
    expect(d.args).toMatchObject({ limit: 1000 });
  });

  // decision 325
  it("reads no picture outside the scene's folder", async () => {
    const dir = scratch();
    const scene = readFileSync(join(dir, "face.scene.json"), "utf8").replace(
      '"face-smile.png"',
      '"../face-smile.png"',
    );
    writeFileSync(join(dir, "face.scene.json"), scene);
    const r = await shareFile("face.scene.json", Buffer.from(scene), options(dir));
    expect(r.html).toBeUndefined();
  });
});

describe("shareHtml", () => {
  it("keeps a player's </script and <!-- from ending its block", () => {
    const player = 'const a = "</script><script>alert(1)</SCRIPT"; // <!--';
    expect(scriptSafe(player)).not.toMatch(/<\/script|<!--/i);
    const html = shareHtml({
      player,
      packed: { element: "deforma-live", payload: new Uint8Array([1, 2, 3]) },
      file: '<b>"x"</b>.scene.json',
      date: "2026-12-02",
      version: "1",
      lang: "en",
    });
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain(escapeHtml('<b>"x"</b>.scene.json'));
    expect(html).not.toContain("<b>");
  });
});

describe("the player bundle", () => {
  // decision 322
  it("is the package's deforma/player export, built where share reads it", () => {
    const pkg = JSON.parse(
      readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
    ) as {
      exports: Record<string, string>;
      scripts: Record<string, string>;
    };
    expect(pkg.exports["./player"]).toBe("./dist/player/deforma-player.js");
    expect(playerBundlePath().replaceAll("\\", "/")).toMatch(/\/dist\/player\/deforma-player\.js$/);
    expect(pkg.scripts.build).toContain("vite build --config web/player.vite.config.ts");
  });

  // decision 322
  it("is read at run time; a missing build is said with what to run", async () => {
    expect(await readPlayerBundle(join(tmpdir(), "no-such-player.js"))).toBeUndefined();
    expect(missingPlayerWords("x.js")).toBe(
      "the player is not built (no x.js); run 'npm run build' first",
    );
  });

  // decision 322
  it.skipIf(!existsSync(playerBundlePath()))("is one module that loads nothing else", () => {
    const text = readFileSync(playerBundlePath(), "utf8");
    expect(text).not.toMatch(/\bimport\s*\(|^\s*import[\s{*]|^\s*export\s[^;]*\bfrom\s*["']/m);
    expect(text).toContain("customElements.define");
  });
});
