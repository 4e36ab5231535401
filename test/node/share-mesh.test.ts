/**
 * The `mixed` and `mesh` kinds of a shared page: the demo's mixed model and
 * its rod become `<deforma-mesh>` pages whose data is a packed model folder
 * or mesh series that opens with the studio's loader, well under the 3 MB
 * goal; a model with errors is refused with its findings.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeBase64 } from "../../src/core/base64.js";
import { decodeText } from "../../src/core/bytes.js";
import { reportHasErrors } from "../../src/core/report.js";
import { loadMixedFolder } from "../../src/mixed/load/index.js";
import { unpackMesh, unpackModel } from "../../src/mixed/share/index.js";
import { companionReader } from "../../src/node/files.js";
import { SHARE_DATA_ID, shareFile } from "../../src/node/share/index.js";
import { copyDemo } from "../helpers.js";

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-share-mesh-"));
  copyDemo(dir);
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

/** The bytes of a page's data block. */
function payloadOf(html: string): Uint8Array {
  const m = new RegExp(
    `<script type="application/octet-stream" id="${SHARE_DATA_ID}">([^<]*)<`,
  ).exec(html);
  return decodeBase64(m![1]!)!;
}

describe("sharing a mixed model or a mesh animation", () => {
  it("packs the demo's mixed model into a <deforma-mesh> page of well under 3 MB that the loader opens", async () => {
    const dir = scratch();
    const r = await shareFile(
      "slider-crank.amx",
      readFileSync(join(dir, "slider-crank.amx")),
      options(dir),
    );
    expect(r.kind).toBe("mixed");
    expect(r.html).toContain(`data-name="slider-crank.amx"`);
    expect(r.html).toMatch(/<deforma-mesh [^>]*data-embedded="deforma-data"/);
    const payload = payloadOf(r.html!);
    // Without the player bundle: the data of the demo (2.49 MB of files).
    expect(payload.length).toBeLessThan(100_000);
    const pack = unpackModel(payload);
    expect([...pack.names].sort()).toEqual([
      "CAD_Matrixes.dat",
      "piston.agr",
      "rod.agr",
      "slider-crank.amb",
      "slider-crank.amx",
    ]);
    const amx = (await pack.read("slider-crank.amx")) as { bytes: Uint8Array };
    const folder = await loadMixedFolder("slider-crank.amx", decodeText(amx.bytes), pack.read);
    expect(reportHasErrors(folder.report)).toBe(false);
  });

  it("packs a mesh animation as a packed series", async () => {
    const dir = scratch();
    const r = await shareFile("rod.agr", readFileSync(join(dir, "rod.agr")), options(dir));
    expect(r.kind).toBe("mesh");
    const m = await unpackMesh(payloadOf(r.html!));
    expect(m.diagnostics).toEqual([]);
    expect(m.model!.times.length).toBe(61);
  });

  it("refuses a mixed model whose mesh animation is missing, with the loader's finding", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "rod.agr"), "DEFORMA-AGR 1\nbroken\n");
    const r = await shareFile(
      "slider-crank.amx",
      readFileSync(join(dir, "slider-crank.amx")),
      options(dir),
    );
    expect(r.html).toBeUndefined();
    expect(r.report.flatMap((f) => f.diagnostics.map((d) => d.code))).toContain("FMT009");
  });
});
