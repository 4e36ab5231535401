/**
 * The bulge kind of `deforma share` (src/node/share/bulge-kind.ts): a rig
 * with its mesh and the catalogue beside it, or a `.glb` character, packed
 * for `<deforma-bulge>`; a catalogue alone, a missing mesh and a character
 * without a bulge are located findings and no page.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeBase64 } from "../../src/core/base64.js";
import { locateReport } from "../../src/core/report.js";
import { unpackTyped } from "../../src/core/typed-pack.js";
import { companionReader } from "../../src/node/files.js";
import { SHARE_DATA_ID, shareFile } from "../../src/node/share/index.js";
import { makeCharacter } from "../bulge/gltf-character.js";
import { copyDemo } from "../helpers.js";

const PLAYER = "customElements.define('x-y', class extends HTMLElement {});";
const options = (dir: string, lang: "en" | "ru" = "en") => ({
  read: companionReader(dir),
  player: PLAYER,
  version: "9.9.9",
  lang,
  date: new Date("2026-12-02T10:00:00Z"),
});

/** A scratch copy of the demo (the arm, its rig, misc_data/bulge_types). */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-share-bulge-"));
  copyDemo(dir);
  return dir;
}

/** The packed value of a page's data block. */
function payloadOf(html: string): {
  kind: string;
  character: string;
  files: Record<string, Uint8Array>;
} {
  const m = new RegExp(
    `<script type="application/octet-stream" id="${SHARE_DATA_ID}">([^<]*)<`,
  ).exec(html);
  return unpackTyped(decodeBase64(m![1]!)!)?.value as never;
}

const share = (dir: string, file: string, lang: "en" | "ru" = "en") =>
  shareFile(file, readFileSync(join(dir, file)), options(dir, lang));

/** Every finding as `file code line:column`. */
const located = (r: Awaited<ReturnType<typeof shareFile>>) =>
  locateReport(r.report).map((d) => `${d.file} ${d.code} ${d.line}:${d.column}`);

describe("the bulge kind of deforma share", () => {
  // decision 346
  it("packs the demo arm: its rig, its OBJ and the catalogue beside it, showing the rig's code", async () => {
    const dir = scratch();
    const r = await share(dir, "arm.rig.json");
    expect(r.kind).toBe("bulge");
    expect(r.report.flatMap((f) => f.diagnostics)).toEqual([]);
    const html = r.html!;
    expect(html).toContain(`<deforma-bulge data-embedded="${SHARE_DATA_ID}" lang="en" code="5">`);
    expect(html).toContain("arm.rig.json · shared from Deforma 9.9.9 on 2026-12-02");
    expect(html).not.toMatch(/\s(src|href)=/);
    const value = payloadOf(html);
    expect(value.kind).toBe("bulge");
    expect(value.character).toBe("arm.rig.json");
    expect(Object.keys(value.files).sort()).toEqual([
      "arm.obj",
      "arm.rig.json",
      "misc_data/bulge_types",
    ]);
    expect(value.files["arm.obj"]).toEqual(new Uint8Array(readFileSync(join(dir, "arm.obj"))));
    const ru = await share(dir, "arm.rig.json", "ru");
    expect(ru.html).toContain("arm.rig.json · выгружено из Deforma 9.9.9 2026-12-02");
  });

  // decision 347
  it("shares a rig whose project has no catalogue: the page opens the default one", async () => {
    const dir = scratch();
    rmSync(join(dir, "misc_data"), { recursive: true });
    const r = await share(dir, "arm.rig.json");
    // The default catalogue has code 5, so the rig's code is known and nothing is reported.
    expect(r.kind).toBe("bulge");
    expect(Object.keys(payloadOf(r.html!).files).sort()).toEqual(["arm.obj", "arm.rig.json"]);
  });

  // decision 346
  it("packs a skinned .glb character alone (its rig made from its skin in the page)", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "hero.glb"), (await makeCharacter()).glb);
    const r = await share(dir, "hero.glb");
    expect(r.kind).toBe("bulge");
    const value = payloadOf(r.html!);
    expect(value.character).toBe("hero.glb");
    expect(Object.keys(value.files).sort()).toEqual(["hero.glb", "misc_data/bulge_types"]);
    expect(r.html).toContain(`<deforma-bulge data-embedded="${SHARE_DATA_ID}" lang="en">`);
  });

  // decision 348
  it("refuses a catalogue alone with FMT017 at its start, and no 'has errors' beside it", async () => {
    const dir = scratch();
    const r = await share(dir, "misc_data/bulge_types");
    expect(r.html).toBeUndefined();
    expect(located(r)).toEqual(["misc_data/bulge_types FMT017 1:1"]);
    expect(r.report[0]!.diagnostics[0]!.message).toContain("share a rig (*.rig.json) or a .glb");
  });

  // decision 348
  it("a rig whose mesh is missing is FMT010 at the rig's mesh value", async () => {
    const dir = scratch();
    rmSync(join(dir, "arm.obj"));
    const r = await share(dir, "arm.rig.json");
    expect(r.html).toBeUndefined();
    expect(located(r)).toEqual(["arm.rig.json FMT010 3:11"]);
  });

  // decision 348
  it("a rig the slider cannot bend (no bulge joint) is FMT018; a rig with errors stops with them", async () => {
    const dir = scratch();
    const rig = JSON.parse(readFileSync(join(dir, "arm.rig.json"), "utf8"));
    delete rig.joints[1].bulge;
    writeFileSync(join(dir, "plain.rig.json"), JSON.stringify(rig, null, 2));
    const r = await share(dir, "plain.rig.json");
    expect(r.html).toBeUndefined();
    expect(located(r)).toEqual(["plain.rig.json FMT018 1:1"]);
    expect(r.report[0]!.diagnostics[0]!.message).toContain("no joint has a bulge");
    // A rig with errors of its own stops the page with them (and FMT009).
    writeFileSync(join(dir, "bad.rig.json"), '{"version": 1, "joints": 3}');
    const bad = await share(dir, "bad.rig.json");
    expect(bad.html).toBeUndefined();
    expect(located(bad).at(-1)).toBe("bad.rig.json FMT009 1:1");
  });
});
