import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { registerFormat } from "../../src/formats.js";
import { AGR_MAGIC } from "../../src/mixed/index.js";
import { TOY_FORMAT } from "../fixtures/toy-format/format.js";
import { cli } from "../helpers.js";

function scratch(): string {
  return mkdtempSync(join(tmpdir(), "deforma-check-"));
}

describe("deforma check FILE…", () => {
  it("checks every demo file by its format, text output", async () => {
    const r = await cli([
      "check",
      "demo/slider-crank.amx",
      "demo/CAD_Matrixes.dat",
      "demo/slider-crank.amb",
      "demo/rod.agr",
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("demo/slider-crank.amx: ok (mixed animation; 0 errors, 0 warnings)");
    expect(r.out).toContain("demo/rod.agr: ok (mesh animation, binary; 0 errors, 0 warnings)");
    expect(r.out).toContain("4 files: 4 ok, 0 with errors");
  });

  it("prints located findings with the source line and a caret, exit 1", async () => {
    const dir = scratch();
    writeFileSync(
      join(dir, "bad.amx"),
      "m.amb\n1\n2 1 1\n1 0 0 a.agr\n1 0 0 0\n0 1 0 0\n0 0 1 0\n",
    );
    const r = await cli(["check", "bad.amx"], dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain("bad.amx:3:5: error AMX013:");
    expect(r.out).toContain("  2 1 1\n      ^\n");
    // The files it names are read too (as `amx validate` does): m.amb, CAD_Matrixes.dat and a.agr are missing.
    expect(r.out).toContain("bad.amx:4:7: error AMX101: mesh animation 'a.agr' not found");
    expect(r.out).toContain("bad.amx: invalid (mixed animation; 3 errors, 1 warning)");
  });

  it("answers --json with one {ok, diagnostics} across all files", async () => {
    const dir = scratch();
    writeFileSync(
      join(dir, "bad.amx"),
      "m.amb\n1\n2 1 1\n1 0 0 a.agr\n1 0 0 0\n0 1 0 0\n0 0 1 0\n",
    );
    writeFileSync(join(dir, "notes.txt"), "hello\n");
    const r = await cli(["check", "bad.amx", "notes.txt", "--json"], dir);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.out);
    expect(json.ok).toBe(false);
    expect(
      json.diagnostics.map((d: { file: string; code: string }) => `${d.file} ${d.code}`),
    ).toEqual([
      "bad.amx AMX100",
      "bad.amx AMX102",
      "bad.amx AMX013",
      "bad.amx AMX101",
      "notes.txt FMT001",
    ]);
    expect(json.diagnostics[4].message).toContain("text starting with 'hello'");
  });

  it("names an unknown format by what it looks like, without echoing its bytes", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "blob.bin"), new Uint8Array([0, 1, 2, 0xfe, 0x1b, 0x5b, 0x32, 0x4a]));
    const r = await cli(["check", "blob.bin"], dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      "blob.bin:1:1: error FMT001: not a known format: it looks like binary data",
    );
    expect(r.out).not.toContain("\u001b");
  });

  it("does not echo a binary file named like a text format into the terminal", async () => {
    const dir = scratch();
    writeFileSync(
      join(dir, "pic.amx"),
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x1b, 0x5b, 0x32, 0x4a, 0x00, 0x01]),
    );
    const r = await cli(["check", "pic.amx"], dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      "pic.amx:1:1: error FMT005: the name says an .amx (mixed animation), but this is a JPEG image",
    );
    expect(r.out).not.toContain("\u001b");
  });

  // decision 24
  it("reads a file whose name lies as its content, with a warning", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "rod.amx"), new Uint8Array([...AGR_MAGIC, 2, 0, 0, 0]));
    const r = await cli(["check", "rod.amx"], dir);
    expect(r.out).toContain(
      "warning FMT002: the name says an .amx (mixed animation), but this is a binary .agr",
    );
  });

  // decision 23
  it("reports a missing file and a folder (FMT003) and still checks the rest; exit 2", async () => {
    const r = await cli(["check", "nope.amx", "demo", "demo/rod.agr", "--json"]);
    expect(r.code).toBe(2);
    const json = JSON.parse(r.out);
    expect(json.diagnostics).toMatchObject([
      {
        code: "FMT003",
        file: "nope.amx",
        message: "cannot read 'nope.amx': no such file or folder",
      },
      { code: "FMT003", file: "demo", message: "cannot read 'demo': it is a folder, not a file" },
    ]);
    const text = await cli(["check", "nope.amx"]);
    expect(text.code).toBe(2);
    expect(text.out).toContain("nope.amx: unreadable");
  });

  it("wants at least one FILE (exit 2)", async () => {
    const r = await cli(["check"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("missing FILE");
  });
});

describe("a format registered from outside appears in deforma check", () => {
  const unregister = registerFormat(TOY_FORMAT);
  afterAll(unregister);

  it("checks a .toy file with the toy's reader and codes", async () => {
    const r = await cli([
      "check",
      "test/fixtures/toy-format/good.toy",
      "test/fixtures/toy-format/bad.toy",
    ]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("good.toy: ok (toy lines; 0 errors, 0 warnings)");
    expect(r.out).toContain("bad.toy:2:1: warning TOY002: 'width' is given twice");
    expect(r.out).toContain("bad.toy:3:1: error TOY001:");
  });

  it("lists the toy among the known formats in --help", async () => {
    const r = await cli(["check", "--help"]);
    expect(r.out).toMatch(/\*\.toy\s+toy lines/);
  });
});
