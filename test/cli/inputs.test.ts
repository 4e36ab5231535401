import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatMismatch, sniffFormat } from "../../src/cli/sniff.js";
import { escapeControls } from "../../src/core/control-chars.js";
import { cli, copyDemo } from "../helpers.js";

const DEMO = fileURLToPath(new URL("../../demo/", import.meta.url));
const demoFile = (name: string) => readFileSync(join(DEMO, name));

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-in-"));
  copyDemo(join(dir, "demo"));
  return dir;
}

describe("standard input ('-')", () => {
  it("is read by amx validate, amx show, cad show, agr info, amb info", async () => {
    const amx = await cli(["amx", "validate", "-"], DEMO, demoFile("slider-crank.amx"));
    expect(amx.code).toBe(0);
    expect(amx.out).toBe("<stdin>: ok (0 errors, 0 warnings)\n");
    expect(amx.err).toContain("<stdin> has no folder; the files it names are not checked");
    const show = await cli(["amx", "show", "-", "--json"], DEMO, demoFile("slider-crank.amx"));
    expect(JSON.parse(show.out).mbs).toBe("slider-crank.amb");
    const cad = await cli(["cad", "show", "-", "--json"], DEMO, demoFile("CAD_Matrixes.dat"));
    expect(cad.code).toBe(0);
    expect(JSON.parse(cad.out).bodies).toHaveLength(5);
    const agr = await cli(["agr", "info", "-"], DEMO, demoFile("rod.agr"));
    expect(agr.code).toBe(0);
    expect(agr.out).toMatch(/^<stdin> \(binary\)\ntype 1/);
    const amb = await cli(["amb", "info", "-", "--json"], DEMO, demoFile("slider-crank.amb"));
    expect(amb.code).toBe(0);
  });

  it("is reported in diagnostics as <stdin>", async () => {
    const r = await cli(["amx", "validate", "-", "--json"], DEMO, "m.amb\n1\n2 1 1\n");
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).diagnostics[0].file).toBe("<stdin>");
  });

  // decision 29
  it("cannot stand for files that need their folder, nor be replaced", async () => {
    const exp = await cli(["mixed", "export", "-", "--gltf", "x.glb"], DEMO, "");
    expect(exp.code).toBe(2);
    expect(exp.err).toContain("the .amx cannot come from standard input");
    const fmt = await cli(["amx", "fmt", "-", "--write"], DEMO, "");
    expect(fmt.code).toBe(2);
    expect(fmt.err).toContain("standard input cannot be replaced");
    const vtk = await cli(["agr", "from-vtk", "-", "--type", "1", "-o", "x.agr"], DEMO, "");
    expect(vtk.err).toContain("solver results cannot come from standard input");
  });

  it("gives amx create its CAD_Matrixes.dat", async () => {
    const argv = ["amx", "create", "--mbs", "slider-crank.amb", "--cad", "-"];
    const bodies = ["--body", "3:1:rod.agr", "--body", "4:0:piston.agr"];
    const r = await cli([...argv, ...bodies], join(DEMO), demoFile("CAD_Matrixes.dat"));
    expect(r.code).toBe(0);
    expect(r.out).toBe(demoFile("slider-crank.amx").toString("utf8"));
  });

  it("converts from standard input to a file", async () => {
    const dir = project();
    const r = await cli(["agr", "convert", "-", "rod.txt.agr"], dir, demoFile("rod.agr"));
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, "rod.txt.agr"), "utf8").startsWith("DEFORMA-AGR 1")).toBe(true);
  });
});

describe("a file in the wrong format is named as what it looks like", () => {
  const JPEG = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1);
  const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
  // decision 28
  it("sniffs our formats (through the format registry) and common binary data", () => {
    expect(sniffFormat(demoFile("rod.agr"), "x").label).toBe("a binary .agr (mesh animation)");
    expect(sniffFormat(demoFile("slider-crank.amx"), "a.amx").format).toBe("amx");
    // An .amx has no magic: without its name it is text of no known format.
    expect(sniffFormat(demoFile("slider-crank.amx"), "noext")).toMatchObject({ binary: false });
    expect(sniffFormat(demoFile("slider-crank.amx"), "noext").format).toBeUndefined();
    expect(sniffFormat(demoFile("CAD_Matrixes.dat"), "demo/CAD_Matrixes.dat").format).toBe(
      "cad-matrixes",
    );
    expect(sniffFormat(JPEG, "a.amx")).toEqual({ label: "a JPEG image", binary: true });
    // PNG pictures are a live format (key frames).
    expect(sniffFormat(PNG, "a.amx")).toMatchObject({ format: "png", binary: true });
    expect(sniffFormat(Uint8Array.of(0x50, 0x4b, 3, 4, 0), "x").label).toBe("a ZIP archive");
    expect(sniffFormat(Uint8Array.of(0x7f, 0x45, 0x4c, 0x46, 2, 1), "x").label).toBe(
      "an executable (ELF)",
    );
    expect(sniffFormat(Uint8Array.of(0x1f, 0x8b, 8, 0), "x").label).toBe("a gzip-compressed file");
    expect(sniffFormat(Uint8Array.of(0x41, 0, 0x42), "x").label).toBe("binary data");
    expect(sniffFormat(new TextEncoder().encode("héllo\n"), "x").binary).toBe(false);
    // Windows-1251 "стержень.agr": not UTF-8, still text (FRUND files come from Windows).
    const cp1251 = Uint8Array.of(
      0xf1,
      0xf2,
      0xe5,
      0xf0,
      0xe6,
      0xe5,
      0xed,
      0xfc,
      0x2e,
      0x61,
      0x67,
      0x72,
      0x0a,
    );
    expect(sniffFormat(cp1251, "x.amx")).toEqual({
      format: "amx",
      label: "an .amx (mixed animation)",
      binary: false,
    });
    expect(formatMismatch(demoFile("rod.agr"), "rod.agr", "agr")).toBeUndefined();
    expect(formatMismatch(new TextEncoder().encode("broken\n"), "x.amx", "amx")).toBeUndefined();
  });

  it.each([
    [
      ["amx", "validate", "demo/rod.agr"],
      "demo/rod.agr: this is a binary .agr (mesh animation), not an .amx (mixed animation)",
    ],
    [
      ["amx", "show", "demo/CAD_Matrixes.dat"],
      "demo/CAD_Matrixes.dat: this is a CAD_Matrixes.dat (CAD matrices), not an .amx (mixed animation)",
    ],
    [
      ["agr", "info", "demo/CAD_Matrixes.dat"],
      "demo/CAD_Matrixes.dat: this is a CAD_Matrixes.dat (CAD matrices), not an .agr (mesh animation)",
    ],
    [
      ["cad", "show", "demo/slider-crank.amx"],
      "demo/slider-crank.amx: this is an .amx (mixed animation), not a CAD_Matrixes.dat (CAD matrices)",
    ],
    [
      ["amb", "info", "demo/rod.agr"],
      "demo/rod.agr: this is a binary .agr (mesh animation), not an .amb (MBS animation)",
    ],
    [
      ["agr", "validate", "demo/slider-crank.amb"],
      "demo/slider-crank.amb: this is a text .amb (MBS animation), not an .agr (mesh animation)",
    ],
    [
      ["amx", "validate", "image.jpg"],
      "image.jpg: this is a JPEG image, not an .amx (mixed animation)",
    ],
    [
      ["amx", "validate", "image.png"],
      "image.png: this is a binary .png (PNG picture), not an .amx (mixed animation)",
    ],
    [
      ["agr", "from-vtk", "demo/rod.agr", "--type", "1", "-o", "x.agr"],
      "demo/rod.agr: this is a binary .agr (mesh animation), not a .vtu (VTK unstructured grid)",
    ],
  ])("%s", async (argv, message) => {
    const dir = project();
    writeFileSync(join(dir, "image.png"), PNG);
    writeFileSync(join(dir, "image.jpg"), JPEG);
    const r = await cli(argv, dir);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`deforma: ${message}\n`);
    const json = await cli([...argv, "--json"], dir);
    if (argv[1] === "validate") expect(JSON.parse(json.out).diagnostics[0].code).toBe("FMT006");
  });

  it("calls text that turns binary after its first bytes binary data, in every command alike", async () => {
    const dir = project();
    // 100 letters, then NULs: text for recognition's 64 bytes, binary for the 8 KiB text probe.
    writeFileSync(
      join(dir, "late.amx"),
      Uint8Array.from([...Array(100).fill(0x41), ...Array(300).fill(0)]),
    );
    const validate = await cli(["amx", "validate", "late.amx"], dir);
    expect(validate.err).toBe(
      "deforma: late.amx: this is binary data, not an .amx (mixed animation)\n",
    );
    const check = await cli(["check", "late.amx"], dir);
    expect(check.out).toContain(
      "late.amx:1:1: error FMT005: the name says an .amx (mixed animation), but this is binary data; not read",
    );
    expect(check.out).not.toContain("\\x00");
  });

  // decision 28
  it("never echoes a file's control bytes into the terminal", async () => {
    const dir = project();
    // Text with an escape sequence in a token: parsed, and its source line shown escaped.
    writeFileSync(join(dir, "esc.amx"), "m.amb\n1\n\u001b[2J 1 0\n");
    for (const argv of [
      ["amx", "validate", "esc.amx"],
      ["amx", "show", "esc.amx"],
    ]) {
      const r = await cli(argv, dir);
      expect(r.code).toBe(1);
      expect(`${r.out}${r.err}`.includes("\u001b")).toBe(false);
      expect(`${r.out}${r.err}`).toContain("\\x1b[2J");
    }
    // Binary bytes: refused before parsing, nothing of them printed.
    writeFileSync(join(dir, "bin.amx"), Uint8Array.of(0x1b, 0x5b, 0x33, 0x31, 0x6d, 0, 7, 8, 0xff));
    const bin = await cli(["amx", "validate", "bin.amx"], dir);
    expect(bin.err).toBe("deforma: bin.amx: this is binary data, not an .amx (mixed animation)\n");
    expect(bin.out).toBe("");
    expect(escapeControls("a\u001b[31mb\u0007\r\n\tc")).toBe("a\\x1b[31mb\\x07\r\n\tc");
  });
});

describe("fmt keeps the file's line endings", () => {
  const LF = readFileSync(join(DEMO, "slider-crank.amx"), "utf8");
  const messy = LF.replace("3 1 0\n", "3  1   0\n");
  // decision 31
  it("CRLF stays CRLF with --write and on standard output; LF stays LF", async () => {
    const dir = project();
    writeFileSync(join(dir, "crlf.amx"), messy.replace(/\n/g, "\r\n"));
    writeFileSync(join(dir, "lf.amx"), messy);
    const out = await cli(["amx", "fmt", "crlf.amx"], dir);
    expect(out.code).toBe(0);
    expect(out.out).toBe(LF.replace(/\n/g, "\r\n"));
    const w = await cli(["amx", "fmt", "crlf.amx", "--write"], dir);
    expect(w.err).toBe("crlf.amx: formatted\n");
    expect(readFileSync(join(dir, "crlf.amx"), "utf8")).toBe(LF.replace(/\n/g, "\r\n"));
    const again = await cli(["amx", "fmt", "crlf.amx", "--write"], dir);
    expect(again.err).toBe("crlf.amx: already formatted\n");
    await cli(["amx", "fmt", "lf.amx", "--write"], dir);
    expect(readFileSync(join(dir, "lf.amx"), "utf8")).toBe(LF);
    const stdin = await cli(["amx", "fmt", "-"], dir, messy.replace(/\n/g, "\r\n"));
    expect(stdin.out).toBe(LF.replace(/\n/g, "\r\n"));
  });
});

describe("exports whose numbers would not be finite are refused", () => {
  // decision 30
  it("--exaggeration 1e300 writes no .glb and no VTK series, and says why", async () => {
    const dir = project();
    const base = ["mixed", "export", "demo/slider-crank.amx", "--exaggeration", "1e300"];
    const g = await cli([...base, "--gltf", "big.glb"], dir);
    expect(g.code).toBe(1);
    expect(g.err).toMatch(
      /big\.glb: not written: the export would hold numbers that are not finite/,
    );
    expect(existsSync(join(dir, "big.glb"))).toBe(false);
    const v = await cli([...base, "--vtk", "big-vtk"], dir);
    expect(v.code).toBe(1);
    expect(v.err).toMatch(/big-vtk: not written: .* not finite \(array 'Points' of /);
    expect(existsSync(join(dir, "big-vtk"))).toBe(false);
  });

  it("a large but finite exaggeration still exports", async () => {
    const dir = project();
    const r = await cli(
      ["mixed", "export", "demo/slider-crank.amx", "--exaggeration", "100", "--gltf", "ok.glb"],
      dir,
    );
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, "ok.glb"))).toBe(true);
  });
});
