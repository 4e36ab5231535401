import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkFile,
  checkVerdict,
  defineFormat,
  describeContent,
  encodeUtf8,
  FormatRegistry,
  textMagic,
} from "../../src/core/index.js";
import { FORMATS } from "../../src/formats.js";
import { AGR_MAGIC, AMB_MAGIC } from "../../src/mixed/index.js";
import { readToy, TOY, TOY_FORMAT } from "../fixtures/toy-format/format.js";
import { fixture, RUNS } from "../helpers.js";
import { alwaysLocatedSuite, neverThrowsSuite } from "../property-suites.js";

const bytes = (s: string) => encodeUtf8(s);

describe("format registry: recognition", () => {
  it("recognises by extension and by exact file name, without case", () => {
    const r = FORMATS;
    expect(r.recognise("model.amx", bytes("m.amb\n0\n"))?.format.id).toBe("amx");
    expect(r.recognise("dir/MODEL.AMX", bytes(""))?.format.id).toBe("amx");
    expect(r.recognise("a\\b\\cad_matrixes.DAT", bytes("1\n1 0\n"))).toMatchObject({
      format: { id: "cad-matrixes" },
      by: "name",
    });
    expect(r.recognise("other.dat", bytes("1\n1 0\n"))).toBeUndefined();
  });

  it("recognises binary and text encodings by their magic, whatever the name", () => {
    const binAgr = new Uint8Array([...AGR_MAGIC, 1, 0, 0, 0]);
    expect(FORMATS.recognise("rod.bin", binAgr)).toMatchObject({
      format: { id: "agr" },
      variant: "binary",
      by: "content",
    });
    expect(FORMATS.recognise("x", AMB_MAGIC)).toMatchObject({
      format: { id: "amb" },
      variant: "binary",
    });
    expect(FORMATS.recognise("x.txt", bytes("\uFEFF\n  DEFORMA-AGR 1\n"))).toMatchObject({
      format: { id: "agr" },
      variant: "text",
    });
    // A longer word that only starts like the magic is not it.
    expect(FORMATS.recognise("x.txt", bytes("DEFORMA-AGRX 1\n"))).toBeUndefined();
  });

  it("lets content win over the name and says what the name claimed", () => {
    const binAgr = new Uint8Array([...AGR_MAGIC, 1, 0, 0, 0]);
    const r = FORMATS.recognise("model.amx", binAgr);
    expect(r?.format.id).toBe("agr");
    expect(r?.nameSays?.id).toBe("amx");
  });

  it("refuses a second format with the same id and can remove a registration", () => {
    const reg = new FormatRegistry([TOY_FORMAT]);
    expect(() => reg.register(TOY_FORMAT)).toThrow(/registered twice/);
    const other = defineFormat({ ...TOY_FORMAT, id: "toy2", extensions: [".toy2"] });
    const remove = reg.register(other);
    expect(reg.byName("a.toy2")?.id).toBe("toy2");
    remove();
    expect(reg.byName("a.toy2")).toBeUndefined();
  });

  it("matches a text magic only as a whole first word", () => {
    const m = textMagic("text", "TOY");
    if (!("sniff" in m)) throw new Error("expected a sniff");
    expect(m.sniff(bytes("TOY 1"))).toBe(true);
    expect(m.sniff(bytes("TOY"))).toBe(true);
    expect(m.sniff(bytes("TOYS"))).toBe(false);
    expect(m.sniff(bytes(" \r\nTOY\n"))).toBe(true);
  });
});

describe("format registry: check", () => {
  it("reads a known file with its format and summarises it", async () => {
    const reg = new FormatRegistry([TOY_FORMAT]);
    const c = await checkFile(reg, bytes("a = 1\nb = 2\n"), "x.toy");
    expect(c.format?.id).toBe("toy");
    expect(c.summary).toEqual({ entries: 2, names: ["a", "b"] });
    expect(checkVerdict(c)).toMatchObject({ ok: true, errors: 0, warnings: 0 });
  });

  it("locates the format's own findings", async () => {
    const reg = new FormatRegistry([TOY_FORMAT]);
    const c = await checkFile(reg, bytes("a = 1\na = 2\nb: 3\n"), "x.toy");
    const v = checkVerdict(c);
    expect(v).toMatchObject({ ok: false, errors: 1, warnings: 1 });
    expect(v.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`)).toEqual([
      "TOY002@2:1",
      "TOY001@3:1",
    ]);
  });

  it("reports an unknown format as FMT001, naming what it looks like", async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]);
    const c = await checkFile(FORMATS, jpeg, "picture.bin");
    expect(c.format).toBeUndefined();
    expect(c.report.diagnostics[0]).toMatchObject({ code: "FMT001", severity: "error" });
    expect(c.report.diagnostics[0]?.message).toContain("a JPEG image");
    expect(c.report.diagnostics[0]?.message).toContain(".amx, CAD_Matrixes.dat");
  });

  // decision 24
  it("warns FMT002 when name and content disagree, and reads the content", async () => {
    const c = await checkFile(FORMATS, bytes("DEFORMA-AMB 1\n"), "model.amx");
    expect(c.format?.id).toBe("amb");
    expect(c.report.diagnostics[0]).toMatchObject({ code: "FMT002", severity: "warning" });
    expect(c.report.diagnostics[0]?.message).toContain("a text .amb (MBS animation)");
  });

  it("refuses binary content under a text format's name (FMT005) instead of echoing it", async () => {
    const jpeg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x1b, 0x5b, 0x32, 0x4a, 0x00, 0x01,
    ]);
    const c = await checkFile(FORMATS, jpeg, "picture.amx");
    expect(c.report.diagnostics).toMatchObject([
      {
        code: "FMT005",
        message: "the name says an .amx (mixed animation), but this is a JPEG image; not read",
      },
    ]);
    // Text for the first 64 bytes, then binary: decided on the same bytes as the CLI's commands.
    const late = new Uint8Array(400).fill(0x41);
    late.fill(0, 100);
    const lateCheck = await checkFile(FORMATS, late, "late.amx");
    expect(lateCheck.report.diagnostics).toMatchObject([
      {
        code: "FMT005",
        message: "the name says an .amx (mixed animation), but this is binary data; not read",
      },
    ]);
    const noise = await checkFile(FORMATS, new Uint8Array([1, 2, 0, 3]), "rod.agr");
    expect(noise.report.diagnostics[0]?.message).toContain("this is binary data; not read");
    // A format may declare that it has binary content without magic.
    const loose = defineFormat({ ...TOY_FORMAT, binaryWithoutMagic: true });
    const read = await checkFile(new FormatRegistry([loose]), new Uint8Array([0, 1]), "x.toy");
    expect(read.format?.id).toBe("toy");
  });

  it("turns a reader that throws into FMT004 instead of an exception", async () => {
    const broken = defineFormat({
      ...TOY_FORMAT,
      read: () => {
        throw new Error("boom");
      },
    });
    const c = await checkFile(new FormatRegistry([broken]), bytes("a = 1"), "x.toy");
    expect(c.report.diagnostics).toMatchObject([
      { code: "FMT004", message: expect.stringContaining("boom") },
    ]);
  });

  it("describes unknown content without echoing binary bytes", () => {
    expect(describeContent(new Uint8Array())).toBe("an empty file");
    expect(describeContent(new Uint8Array([0, 1, 2, 200, 3]))).toBe("binary data");
    expect(describeContent(bytes('<?xml version="1.0"?><VTKFile type="Collection">'))).toBe(
      "a VTK XML file",
    );
    expect(describeContent(bytes("solid cube\n"))).toBe("text starting with 'solid'");
  });
});

describe("format registry: any input", () => {
  it("checks any bytes under any known or unknown name without throwing, findings inside the file", async () => {
    const names = ["a.amx", "CAD_Matrixes.dat", "b.agr", "c.amb", "d.vtu", "e.bin", "f"];
    const magics = [
      new Uint8Array(),
      AGR_MAGIC,
      AMB_MAGIC,
      bytes("DEFORMA-AGR 1\n"),
      bytes('<VTKFile type="UnstructuredGrid">'),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.constantFrom(...magics),
        fc.uint8Array({ maxLength: 200 }),
        async (name, magic, tail) => {
          const data = new Uint8Array([...magic, ...tail]);
          const c = await checkFile(FORMATS, data, name);
          const v = checkVerdict(c);
          expect(v.errors + v.warnings).toBeLessThanOrEqual(c.report.diagnostics.length);
          for (const d of v.diagnostics) {
            expect(d.line).toBeGreaterThanOrEqual(1);
            expect(d.column).toBeGreaterThanOrEqual(1);
          }
          expect(c.report.diagnostics.some((d) => d.code === "FMT004")).toBe(false);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

// A new format adopts the property suites with one call each (the toy has no writer: no round trip).
const toySeeds = [fixture("toy-format/good.toy"), fixture("toy-format/bad.toy")];
neverThrowsSuite({ name: ".toy", codes: TOY, read: readToy }, toySeeds);
alwaysLocatedSuite({ name: ".toy", codes: TOY, read: readToy }, toySeeds);
