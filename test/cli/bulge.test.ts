/** `deforma bulge lint|fmt|init|merge|rm` and `rig check`, called in-process on temporary projects. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultBulgeTypes, readBulgeTypes } from "../../src/bulge/catalogue/index.js";
import { cli, fixture } from "../helpers.js";

function project(): string {
  return mkdtempSync(join(tmpdir(), "deforma-bulge-"));
}

/** A folder holding `files` (relative path → text). */
function folder(files: Record<string, string>): string {
  const dir = project();
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const MIXED = fixture("bulge/mixed.bulge_types");
const ARM = fixture("bulge/arm.rig.json");
const OK = "angle: 0\n0 0 0\n1 1 0\n";

describe("bulge lint", () => {
  it("--json matches the docs/design.md contract exactly", async () => {
    const dir = folder({ bulge_types: fixture("bulge/manual-generic.bulge_types") });
    const r = await cli(["bulge", "lint", "bulge_types", "--json"], dir);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      '{"bulges":[{"name":"Generic","code":5,"line":1,"sections":[{"angle":0,"keypoints":[[0,0,0.008335],[0.5,0.5,0.25],[1,1,0]]},{"angle":180,"keypoints":[[0,0,0],[1,1,0]]}]}],"errlog":[]}\n',
    );
  });

  it("--json of a catalogue with an error log: entries in the contract's key order; exit 1", async () => {
    const dir = folder({ bulge_types: MIXED });
    const r = await cli(["bulge", "lint", "bulge_types", "--json"], dir);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.out) as { bulges: unknown[]; errlog: Record<string, unknown>[] };
    expect(Object.keys(json)).toEqual(["bulges", "errlog"]);
    expect(json.bulges.map((b) => Object.keys(b as object))).toEqual(
      Array(4).fill(["name", "code", "line", "sections"]),
    );
    expect(Object.keys(json.errlog[1]!)).toEqual([
      "kind",
      "line",
      "name",
      "message",
      "oldCode",
      "newCode",
    ]);
    expect(json.errlog[1]).toMatchObject({
      kind: "code-reassigned",
      line: 14,
      name: "Twin",
      oldCode: 3,
      newCode: 0,
    });
    expect(Object.keys(json.errlog[0]!)).toEqual(["kind", "line", "name", "message"]);
  });

  it("text: the lister, and the error log as located diagnostics; exit 1 when the log is not empty", async () => {
    const dir = folder({ bulge_types: MIXED });
    const r = await cli(["bulge", "lint", "bulge_types"], dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain("bulge_types: 4 definitions listed, 3 omitted, 2 codes reassigned");
    expect(r.out).toContain("     0  Twin  (1 section, line 14)");
    expect(r.err).toContain("bulge_types:11:17: error BLG015:");
    expect(r.err).toContain("bulge_types:14:21: warning BLG020:");
  });

  // decision 53
  it("exit 1 for a reassigned code alone (the log is not empty, though no error)", async () => {
    const dir = folder({ bulge_types: `bulge: "A" code: 1 ${OK}bulge: "B" code: 1 ${OK}` });
    expect((await cli(["bulge", "lint", "bulge_types"], dir)).code).toBe(1);
  });

  // decision 226
  it("exit 0 for the default catalogue; its only finding is the manual's Generic's open end (BLG030)", async () => {
    const dir = folder({ bulge_types: defaultBulgeTypes() });
    const r = await cli(["bulge", "lint", "bulge_types"], dir);
    expect(r.code).toBe(0);
    expect(r.err.match(/BLG\d+/g)).toEqual(["BLG030"]);
  });

  // decision 58
  it("--errlog PATH writes Alias's errlog file; an existing one only with --force", async () => {
    const dir = folder({ bulge_types: MIXED });
    const r = await cli(["bulge", "lint", "bulge_types", "--errlog", "errlog"], dir);
    expect(r.code).toBe(1);
    const log = readFileSync(join(dir, "errlog"), "utf8").split("\n");
    expect(log).toHaveLength(6);
    expect(log[0]).toMatch(/^bulge_types:8: omitted "Lost": /);
    expect(log[3]).toMatch(/^bulge_types:22: code-reassigned "Also twin" \(3 → 2\): /);
    writeFileSync(join(dir, "errlog"), "mine\n");
    const again = await cli(["bulge", "lint", "bulge_types", "--errlog", "errlog"], dir);
    expect(again.code).toBe(1);
    expect(again.err).toContain("errlog exists; not overwritten (use --force)");
    expect(readFileSync(join(dir, "errlog"), "utf8")).toBe("mine\n");
    await cli(["bulge", "lint", "bulge_types", "--errlog", "errlog", "--force"], dir);
    expect(readFileSync(join(dir, "errlog"), "utf8")).toMatch(/^bulge_types:8: omitted/);
  });

  it("reads standard input with '-'", async () => {
    const r = await cli(["bulge", "lint", "-", "--json"], project(), `bulge: "S" code: 2 ${OK}`);
    expect(JSON.parse(r.out).bulges[0].name).toBe("S");
  });

  it("refuses a file of another format (FMT006)", async () => {
    const r = await cli(
      ["bulge", "lint", fixture("bulge/arm.rig.json") && "arm.rig.json"],
      folder({ "arm.rig.json": ARM }),
    );
    expect(r.code).toBe(1);
    expect(r.err).toContain("not a bulge_types (bulge definitions)");
  });
});

describe("bulge fmt", () => {
  it("prints the canonical layout; --write replaces the file; CRLF is kept", async () => {
    const text = fixture("bulge/manual-generic.bulge_types").replace(/\n/g, "\r\n");
    const dir = folder({ bulge_types: text });
    const r = await cli(["bulge", "fmt", "bulge_types"], dir);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      '    bulge: "Generic" code: 5\r\n        angle: 0\r\n            0.000000 0.000000 0.008335\r\n            0.500000 0.500000 0.250000\r\n            1.000000 1.000000 0.000000\r\n\r\n        angle: 180\r\n            0.000000 0.000000 0.000000\r\n            1.000000 1.000000 0.000000\r\n',
    );
    expect(readFileSync(join(dir, "bulge_types"), "utf8")).toBe(text);
    expect((await cli(["bulge", "fmt", "bulge_types", "--write"], dir)).code).toBe(0);
    expect(readFileSync(join(dir, "bulge_types"), "utf8")).toBe(r.out);
  });

  // decision 55
  it("leaves a catalogue with an error log alone (exit 1)", async () => {
    const dir = folder({ bulge_types: MIXED });
    const r = await cli(["bulge", "fmt", "bulge_types", "--write"], dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain("not formatted: the error log is not empty");
    expect(readFileSync(join(dir, "bulge_types"), "utf8")).toBe(MIXED);
  });
});

describe("bulge init", () => {
  it("creates misc_data/bulge_types from the default catalogue", async () => {
    const dir = project();
    const r = await cli(["bulge", "init", "p"], dir);
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, "p/misc_data/bulge_types"), "utf8")).toBe(defaultBulgeTypes());
  });

  // decision 58
  it("never overwrites an existing catalogue", async () => {
    const dir = folder({ "misc_data/bulge_types": "# mine\n" });
    const r = await cli(["bulge", "init", "."], dir);
    expect(r.code).toBe(0);
    expect(r.err).toContain("exists; left alone");
    expect(readFileSync(join(dir, "misc_data/bulge_types"), "utf8")).toBe("# mine\n");
  });
});

describe("bulge merge", () => {
  const A = `bulge: "A" code: 0 ${OK}bulge: "B" code: 1 ${OK}`;
  const B = `bulge: "C" code: 1 ${OK}bulge: "D" code: 5 ${OK}bulge: "E" code: 0\n${OK}`;

  // decision 56
  it("with --renumber reassigns colliding codes, logs each, loses nothing", async () => {
    const dir = folder({ a: A, b: B });
    const r = await cli(["bulge", "merge", "a", "b", "-o", "out", "--renumber"], dir);
    expect(r.code).toBe(0);
    const merged = readBulgeTypes(readFileSync(join(dir, "out"), "utf8")).model;
    expect(merged.errlog).toEqual([]);
    expect(merged.bulges.map((d) => [d.name, d.code])).toEqual([
      ["A", 0],
      ["B", 1],
      ["C", 2],
      ["D", 5],
      ["E", 3],
    ]);
    expect(r.err).toContain('b:1: code-reassigned "C" (1 → 2)');
    expect(r.err).toContain('b:7: code-reassigned "E" (0 → 3)');
  });

  // decision 56
  it("writes an identical definition once, and never overwrites OUT without --force", async () => {
    const dir = folder({ a: A, b: A, out: "keep\n" });
    const r = await cli(["bulge", "merge", "a", "b", "-o", "out"], dir);
    expect(r.code).toBe(1);
    expect(readFileSync(join(dir, "out"), "utf8")).toBe("keep\n");
    const forced = await cli(["bulge", "merge", "a", "b", "-o", "out", "--force"], dir);
    expect(forced.code).toBe(0);
    expect(forced.err).toContain("identical to one of a; written once");
    expect(readBulgeTypes(readFileSync(join(dir, "out"), "utf8")).model.bulges).toHaveLength(2);
  });

  // decision 231
  it("refuses to change B's codes without --renumber, and names the rigs of B's project that use them", async () => {
    const dir = folder({
      a: A,
      "p/misc_data/bulge_types": B,
      "p/arm.rig.json": ARM.replace('"code": 5', '"code": 1'),
      "p/leg.rig.json": ARM,
    });
    const r = await cli(["bulge", "merge", "a", "p/misc_data/bulge_types", "-o", "out"], dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'p/misc_data/bulge_types:1:18: error BLG023: bulge "C": code 1 would become 2 ("B" of the first catalogue has it)',
    );
    expect(r.err).toContain('error BLG023: bulge "E": code 0 would become 3');
    expect(r.err).toContain(
      "p/misc_data/bulge_types: 2 definitions would change code; not merged (use --renumber)\n" +
        "rigs of its project that use them:\ncode 1 → 2, used by:\n  arm.rig.json (joint elbow)\n",
    );
    expect(r.err).not.toContain("leg.rig.json");
    expect(() => readFileSync(join(dir, "out"))).toThrow();
    const forced = await cli(
      ["bulge", "merge", "a", "p/misc_data/bulge_types", "-o", "out", "--renumber"],
      dir,
    );
    expect(forced.code).toBe(0);
    expect(forced.err).toContain("warning: rigs of p/misc_data/bulge_types's project use codes");
  });

  // decision 55
  it("refuses an input with omitted definitions (they would be lost)", async () => {
    const dir = folder({ a: A, b: MIXED });
    const r = await cli(["bulge", "merge", "a", "b", "-o", "out"], dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain("b: has definitions the lister omits");
  });

  it("-o is required", async () => {
    const dir = folder({ a: A, b: B });
    expect((await cli(["bulge", "merge", "a", "b"], dir)).code).toBe(2);
  });
});

describe("bulge rm", () => {
  const catalogue = `# my shapes\nbulge: "Generic" code: 5 ${OK}\n# the calf\nbulge: "Calf" code: 2 ${OK}\nbulge: "Bad" code: 9\n`;

  // decision 57
  it("refuses when a rig of the project references the code, and lists the rigs", async () => {
    const dir = folder({
      "misc_data/bulge_types": catalogue,
      "rigs/arm.rig.json": ARM,
      "other.rig.json": ARM,
      "legs.rig.json": ARM.replace('"code": 5', '"code": 2'),
    });
    const r = await cli(["bulge", "rm", "--code", "5", "--project", "."], dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      '"Generic" (code 5) not removed: 2 rigs of the project reference code 5 (use --force)',
    );
    expect(r.err).toContain("  other.rig.json (joint elbow)\n  rigs/arm.rig.json (joint elbow)\n");
    expect(r.err).not.toContain("legs.rig.json");
    expect(readFileSync(join(dir, "misc_data/bulge_types"), "utf8")).toBe(catalogue);
  });

  // decision 57
  it("--force removes it (only its lines) and still lists the rigs", async () => {
    const dir = folder({ "misc_data/bulge_types": catalogue, "arm.rig.json": ARM });
    const r = await cli(["bulge", "rm", "--code", "5", "--project", ".", "--force"], dir);
    expect(r.code).toBe(0);
    expect(r.err).toContain("arm.rig.json (joint elbow)");
    expect(readFileSync(join(dir, "misc_data/bulge_types"), "utf8")).toBe(
      `# my shapes\n\n# the calf\nbulge: "Calf" code: 2 ${OK}\nbulge: "Bad" code: 9\n`,
    );
  });

  it("removes an unreferenced code without --force; an unknown code is exit 1", async () => {
    const dir = folder({ "misc_data/bulge_types": catalogue, "arm.rig.json": ARM });
    expect((await cli(["bulge", "rm", "--code", "2", "--project", "."], dir)).code).toBe(0);
    expect(readFileSync(join(dir, "misc_data/bulge_types"), "utf8")).toBe(
      `# my shapes\nbulge: "Generic" code: 5 ${OK}\n# the calf\nbulge: "Bad" code: 9\n`,
    );
    const r = await cli(["bulge", "rm", "--code", "9", "--project", "."], dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain("has no definition with code 9");
  });

  // decision 57
  it("a rig that cannot be read counts as referencing the code", async () => {
    const dir = folder({ "misc_data/bulge_types": catalogue, "broken.rig.json": "{" });
    const r = await cli(["bulge", "rm", "--code", "2", "--project", "."], dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain("broken.rig.json (not a valid rig: it may reference the code)");
  });

  // decision 230
  it("never changes another definition's code: a reassigned one keeps its code (written, BLG022)", async () => {
    const text = `bulge: "A" code: 0 ${OK}bulge: "B" code: 1 ${OK}bulge: "X" code: 2 ${OK}bulge: "C" code: 0 ${OK}`;
    const dir = folder({
      "misc_data/bulge_types": text,
      "arm.rig.json": ARM.replace('"code": 5', '"code": 3'),
    });
    const r = await cli(["bulge", "rm", "--code", "2", "--project", "."], dir);
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      'misc_data/bulge_types:7:18: info BLG022: bulge "C" keeps code 3: its written code 0 was taken, so 3 is now written in its place',
    );
    const after = readFileSync(join(dir, "misc_data/bulge_types"), "utf8");
    expect(readBulgeTypes(after).model.bulges.map((d) => [d.name, d.code])).toEqual([
      ["A", 0],
      ["B", 1],
      ["C", 3],
    ]);
    expect((await cli(["rig", "check", "arm.rig.json"], dir)).code).toBe(0);
  });
});

describe("rig check", () => {
  // decision 59
  it("checks codes against misc_data/bulge_types next to the rig", async () => {
    const dir = folder({
      "arm.rig.json": ARM,
      "misc_data/bulge_types": `bulge: "X" code: 1 ${OK}`,
    });
    const r = await cli(["rig", "check", "arm.rig.json", "--json"], dir);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toEqual({
      ok: false,
      diagnostics: [
        {
          severity: "error",
          code: "RIG020",
          message: "joint 'elbow': bulge code 5 is not defined in misc_data/bulge_types",
          args: { joint: "elbow", code: 5, catalogue: "misc_data/bulge_types" },
          file: "arm.rig.json",
          line: 22,
          column: 26,
        },
      ],
    });
  });

  // decision 233
  it("is ok with the default catalogue; warns (exit 0) without any catalogue", async () => {
    const dir = folder({ "arm.rig.json": ARM, "misc_data/bulge_types": defaultBulgeTypes() });
    const ok = await cli(["rig", "check", "arm.rig.json"], dir);
    expect(ok.code).toBe(0);
    expect(ok.out).toBe("arm.rig.json: ok (0 errors, 0 warnings)\n");
    const none = await cli(["rig", "check", "arm.rig.json"], folder({ "arm.rig.json": ARM }));
    expect(none.code).toBe(0);
    expect(none.out).toContain(
      "arm.rig.json:22:26: warning RIG022: the bulge codes are not checked: there is no catalogue misc_data/bulge_types",
    );
  });

  // decision 233
  it("warns about a joint on a reassigned code (RIG021)", async () => {
    const dir = folder({
      "arm.rig.json": ARM.replace('"code": 5', '"code": 0'),
      "misc_data/bulge_types": `bulge: "A" code: 5 ${OK}bulge: "C" code: 5 ${OK}`,
    });
    const r = await cli(["rig", "check", "arm.rig.json"], dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      `arm.rig.json:22:26: warning RIG021: joint 'elbow': bulge code 0 is "C", written with code 5 on line 4 of misc_data/bulge_types`,
    );
  });

  it("--catalogue names the catalogue to check against", async () => {
    const dir = folder({ "arm.rig.json": ARM, cat: `bulge: "X" code: 1 ${OK}` });
    const r = await cli(["rig", "check", "arm.rig.json", "--catalogue", "cat"], dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain("RIG020");
  });
});

describe("deforma check knows both formats", () => {
  it("bulge_types by its name and *.rig.json by its extension", async () => {
    const dir = folder({ "misc_data/bulge_types": MIXED, "arm.rig.json": ARM });
    const r = await cli(["check", "misc_data/bulge_types", "arm.rig.json", "--json"], dir);
    const json = JSON.parse(r.out) as { diagnostics: { code: string; file: string }[] };
    expect(
      json.diagnostics.filter((d) => d.file === "misc_data/bulge_types").map((d) => d.code),
    ).toEqual(["BLG015", "BLG020", "BLG008", "BLG020", "BLG002"]);
    // The rig is checked against the catalogue beside it, as rig check does (decision 115):
    // that catalogue's Generic is not defined, so the elbow's code 5 is RIG020.
    expect(json.diagnostics.filter((d) => d.file === "arm.rig.json").map((d) => d.code)).toEqual([
      "RIG020",
    ]);
  });
});
