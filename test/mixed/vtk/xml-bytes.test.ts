/**
 * VTK XML read from the file's bytes (decision 312): an ASCII file is parsed
 * as bytes, its base64 decoded from them, and no string of the whole file is
 * made; what it gives — frames and every finding, message and place — is what
 * the text reader gives, byte for byte.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatReport, locateReport } from "../../../src/core/report.js";
import { parseXml } from "../../../src/core/xml.js";
import { exportVtk, meshAnimationFromVtk, readVtkSeries } from "../../../src/mixed/vtk/index.js";
import { XML_FROM_BYTES } from "../../../src/mixed/vtk/read-file.js";
import { fixturePath, RUNS } from "../../helpers.js";
import { demoScene } from "../export-helpers.js";

/** What a read gives, as comparable text: frames (counts, values) and the located, formatted findings. */
async function outcome(files: { name: string; bytes: Uint8Array }[], bytes: boolean) {
  XML_FROM_BYTES.on = bytes;
  try {
    const read = async (name: string) => {
      const f = files.find((x) => x.name === name);
      return f ? { status: "ok" as const, bytes: f.bytes } : { status: "missing" as const };
    };
    const s = await readVtkSeries([files[0]!], { read });
    const converted = meshAnimationFromVtk(s.frames, { type: 1 });
    const report = [...s.report, ...converted.report];
    return {
      frames: s.frames.map((f) => ({
        file: f.file,
        start: f.start,
        time: f.time,
        points: [...f.points],
        connectivity: [...f.connectivity],
        pointData: f.pointData.map((a) => [a.name, a.components, [...a.values]]),
        cellData: f.cellData.map((a) => [a.name, a.components, [...a.values]]),
      })),
      located: JSON.stringify(locateReport(report)),
      printed: formatReport(report),
    };
  } finally {
    XML_FROM_BYTES.on = true;
  }
}

/** The demo's crank `.vtu` as our export writes it (base64 `binary` arrays, all ASCII). */
async function crankVtu(): Promise<Uint8Array> {
  const { scene } = await demoScene();
  const vtu = exportVtk(scene, { frames: [0.5] }).find((f) => f.name.endsWith("crank.vtu"))!;
  return new TextEncoder().encode(String(vtu.data));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe("VTK XML read from bytes (decision 312)", () => {
  // decision 312
  it("parseXml reads ASCII bytes as it reads their text: the same tree, the same errors", async () => {
    const text = new TextDecoder().decode(await crankVtu());
    const parse = (src: string | Uint8Array) => {
      const errors: [string, number][] = [];
      const root = parseXml(src, (m, at) => errors.push([m, at]));
      return JSON.stringify({ root, errors });
    };
    expect(parse(new TextEncoder().encode(text))).toBe(parse(text));
    const chars = fc.constantFrom(..."<>/=\"' !-?[]&;ab\n");
    await fc.assert(
      fc.property(
        fc.nat(text.length),
        fc.array(fc.tuple(fc.nat(text.length - 1), chars), { maxLength: 8 }),
        (cut, edits) => {
          const c = [...text.slice(0, cut)];
          for (const [at, ch] of edits) if (at < c.length) c[at] = ch;
          const s = c.join("");
          expect(parse(new TextEncoder().encode(s))).toBe(parse(s));
        },
      ),
      { numRuns: RUNS },
    );
  });

  // decision 312
  it("scans an element's data once: a tag's attributes do not look on past it for the next '<'", async () => {
    const bytes = await crankVtu();
    const native = Uint8Array.prototype.indexOf;
    let scanned = 0;
    Uint8Array.prototype.indexOf = function (this: Uint8Array, v: number, from?: number) {
      const r = native.call(this, v, from);
      scanned += (r < 0 ? this.length : r) - (from ?? 0);
      return r;
    };
    try {
      parseXml(bytes, () => {});
    } finally {
      Uint8Array.prototype.indexOf = native;
    }
    // Once over the file (the data runs are almost all of it), not twice.
    expect(scanned).toBeLessThan(bytes.length * 1.1);
  });

  // decision 312
  it("keeps a clean ASCII file's bytes with its frame and makes no text of it", async () => {
    const bytes = await crankVtu();
    const s = await readVtkSeries([{ name: "crank.vtu", bytes }]);
    expect(s.report).toEqual([]);
    expect(s.frames[0]!.text).toBeUndefined();
    expect(s.frames[0]!.ascii).toBe(bytes);
  });

  // decision 312
  it("gives the frames and findings of the text reader for cut and mangled ASCII files", async () => {
    const bytes = await crankVtu();
    const ascii = fc.integer({ min: 0, max: 127 });
    await fc.assert(
      fc.asyncProperty(
        fc.nat(bytes.length),
        fc.array(fc.tuple(fc.nat(bytes.length - 1), ascii), { maxLength: 8 }),
        async (cut, edits) => {
          const b = bytes.slice(0, cut);
          for (const [at, v] of edits) if (at < b.length) b[at] = v;
          const files = [{ name: "x.vtu", bytes: b }];
          expect(await outcome(files, true)).toEqual(await outcome(files, false));
        },
      ),
      { numRuns: RUNS },
    );
  });

  // decision 312
  it("gives the frames and findings of the text reader for every VTK XML fixture, and with an array broken", async () => {
    const root = fixturePath("solvers");
    const all = filesUnder(root).filter((p) => /\.(vtu|vtp|vtm|pvd|series)$/.test(p));
    expect(all.length).toBeGreaterThan(20);
    const files = all.map((p) => ({
      name: relative(root, p),
      bytes: new Uint8Array(readFileSync(p)),
    }));
    for (const f of files) {
      if (!/\.(vtm|pvd|series|vtu)$/.test(f.name)) continue;
      const given = [f, ...files.filter((g) => g !== f)];
      expect(await outcome(given, true)).toEqual(await outcome(given, false));
    }
    // A member whose first DataArray's data is broken: located findings through a series.
    const member = files.find((f) => f.name.endsWith("internal.vtu"))!;
    const text = new TextDecoder().decode(member.bytes);
    const at = text.indexOf("<DataArray");
    const body = text.indexOf(">", at) + 1;
    const broken = new TextEncoder().encode(`${text.slice(0, body)}@#x ${text.slice(body)}`);
    const given = [{ name: member.name, bytes: broken }];
    const withBroken = await outcome(given, true);
    expect(withBroken.printed).toMatch(/VTK\d{3}/);
    expect(withBroken).toEqual(await outcome(given, false));
  });
});
