/**
 * One budget per check for the files a series names (issue 23, item 2): each
 * file is read and parsed once (by path in the series, by real path at the
 * Node edge), and past a stated total the rest are not read — one located
 * VTK180 says the series is too large to check whole. The reproducer (a
 * `.pvd` naming one `.vtu` 2,000 times) at a smaller file size.
 */
import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUDGET_REASON, type FileReader } from "../../../src/core/file-source.js";
import { checkFile, checkReports } from "../../../src/core/formats/index.js";
import { FORMATS } from "../../../src/formats.js";
import { readVtkSeries } from "../../../src/mixed/vtk/read.js";
import { companionReader } from "../../../src/node/files.js";
import { cli } from "../../helpers.js";
import { CUBE, pvd, vtu } from "./vtu-text.js";

const encoder = new TextEncoder();

/** A `.vtu` of about `bytes` bytes: the cube with one point array, padded by an XML comment. */
function bigVtu(bytes: number): string {
  const values = Array.from({ length: Math.ceil(bytes / 8) }, (_, i) => 1000000 + i);
  const text = vtu(
    CUBE,
    [[12, 0, 1, 2, 3, 4, 5, 6, 7]],
    [{ name: "T", values: CUBE.map(() => 1) }],
  );
  return text.replace("</PointData>", `</PointData>\n<!-- ${values.join(" ")} -->`);
}

/** A reader over `dir` (the companion reader) that counts its reads. */
function counting(read: FileReader) {
  const names: string[] = [];
  const counted: FileReader = (path, from) => {
    names.push(path);
    return read(path, from);
  };
  return { names, read: counted };
}

describe("a series naming one file many times", () => {
  // decision 252
  it("reads and parses it once, whatever the count; every time step still has its frame", async () => {
    const dir = mkdtempSync(join(tmpdir(), "series-budget-"));
    writeFileSync(join(dir, "one.vtu"), bigVtu(100_000));
    const n = 2000;
    const times = Array.from({ length: n }, (_, k) => k);
    const index = pvd(
      times.map(() => "one.vtu"),
      times,
    );
    writeFileSync(join(dir, "s.pvd"), index);
    const { names, read } = counting(companionReader(dir));
    const c = await checkFile(FORMATS, encoder.encode(index), "s.pvd", { read });
    expect(names).toEqual(["one.vtu"]);
    expect(checkReports(c).flatMap((r) => r.diagnostics)).toEqual([]);
    expect((c.summary as { frames: number }).frames).toBe(n);
    // The CLI's check says ok, at this scale and shape.
    const r = await cli(["check", "s.pvd"], dir);
    expect(r.out).toMatch(/^s\.pvd: ok/m);
    expect(r.code).toBe(0);
  });
});

describe("a series larger than a check reads", () => {
  // decision 252
  it("is read up to the budget; one VTK180 at the first file past it says the series is too large", async () => {
    const files: Record<string, string> = {};
    const times = Array.from({ length: 10 }, (_, k) => k);
    for (const k of times) files[`f${k}.vtu`] = bigVtu(50_000);
    const size = encoder.encode(files["f0.vtu"]!).length;
    const index = pvd(
      times.map((k) => `f${k}.vtu`),
      times,
    );
    const read: FileReader = async (name) => ({
      status: "ok",
      bytes: encoder.encode(files[name]!),
    });
    const r = await readVtkSeries([{ name: "s.pvd", text: index }], {
      read,
      companionBytes: size * 3 + 10,
    });
    expect(r.frames).toHaveLength(3);
    const found = r.report.flatMap((f) => f.diagnostics);
    expect(found.map((d) => d.code)).toEqual(["VTK180"]);
    expect(found[0]!.start).toBe(index.indexOf('"f3.vtu"') + 1);
    expect(found[0]!.message).toMatch(/too large to check whole.*'f3\.vtu' and the files after it/);
  });

  // decision 252
  it("at the Node edge: each real path is read once, and past the bytes budget the rest are refused", async () => {
    const dir = mkdtempSync(join(tmpdir(), "series-budget-edge-"));
    writeFileSync(join(dir, "a.vtu"), "x".repeat(600));
    writeFileSync(join(dir, "b.vtu"), "y".repeat(600));
    symlinkSync("a.vtu", join(dir, "link.vtu"));
    const read = companionReader(dir, { budgetBytes: 1000 });
    const from = join(dir, "s.pvd");
    const a = await read("a.vtu", from);
    const link = await read("link.vtu", from);
    expect(a.status).toBe("ok");
    // The same real path: the same bytes, not read (nor counted) again.
    expect(link).toEqual(a);
    if (a.status === "ok" && link.status === "ok") expect(link.bytes).toBe(a.bytes);
    expect(await read("b.vtu", from)).toEqual({ status: "unreadable", reason: BUDGET_REASON });
  });
});
