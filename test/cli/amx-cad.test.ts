import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readAmx } from "../../src/mixed/amx/index.js";
import { cli, fixture, fixturePath, SEED_AMX } from "../helpers.js";

function scratch(): string {
  return mkdtempSync(join(tmpdir(), "deforma-cli-"));
}

describe("deforma amx show / cad show --json (docs/design.md contracts)", () => {
  it("prints the seed .amx model, flattened or laid out", async () => {
    for (const f of ["seed/seed-flat.amx", "seed/seed-lines.amx"]) {
      const r = await cli(["amx", "show", fixturePath(f), "--json"]);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.out)).toEqual(SEED_AMX);
      expect(r.err).toContain("warning AMX030");
    }
  });

  it("prints the seed CAD file: 37 bodies, body 49 between 25 and 26, matrix null without CAD", async () => {
    const r = await cli(["cad", "show", fixturePath("seed/CAD_Matrixes.dat"), "--json"]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.bodies).toHaveLength(37);
    expect(json.bodies[25]).toEqual({ body: 49, solvers: [] });
    expect(json.bodies[1].solvers[0]).toMatchObject({ type: 1, hasCad: true });
    expect(json.bodies[1].solvers[0].matrix).toEqual(SEED_AMX.bodies[0]!.animations[0]!.matrix);
    expect(json.bodies[5].solvers[0].matrix).toEqual(SEED_AMX.bodies[1]!.animations[0]!.matrix);
  });

  it("prints the diagnostics contract and exit code 1 on errors", async () => {
    const dir = scratch();
    writeFileSync(
      join(dir, "bad.amx"),
      "m.amb\n1\n2 1 1\n1 0 0 a.agr\n1 0 0 0\n0 1 0 0\n0 0 1 0\n",
    );
    const r = await cli(["amx", "validate", "bad.amx", "--json", "--no-files"], dir);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toEqual({
      ok: false,
      diagnostics: [
        {
          severity: "error",
          code: "AMX013",
          message: "variant in use 1 is outside 0…0 (body 2 has 1 variant; indices are 0-based)",
          // decision 159: the English message unchanged, its values as named arguments
          args: { used: 1, last: 0, body: 2, count: 1 },
          file: "bad.amx",
          line: 3,
          column: 5,
        },
      ],
    });
    const text = await cli(["amx", "validate", "bad.amx", "--no-files"], dir);
    expect(text.out).toContain("bad.amx:3:5: error AMX013:");
    expect(text.out).toContain("  2 1 1\n      ^\n");
  });
});

describe("deforma amx create", () => {
  // decision 8
  it("reproduces the seed's .amx from the seed's CAD_Matrixes.dat", async () => {
    const dir = scratch();
    const r = await cli(
      [
        "amx",
        "create",
        "--mbs",
        "Animation10_no_shift_arms.amb",
        "--cad",
        fixturePath("seed/CAD_Matrixes.dat"),
        "--body",
        "2:1:arm_new_E1e3_T10_S1e-2.agr",
        "--body",
        "6:1:arm_new_E1e3_T10_S1e-2.agr",
        "-o",
        "seed.amx",
      ],
      dir,
    );
    expect(r.code).toBe(0);
    // The named files do not exist here: warnings, not errors.
    expect(r.err).toContain("warning AMX122");
    const text = readFileSync(join(dir, "seed.amx"), "utf8");
    expect(readAmx(text).model).toEqual(SEED_AMX);
    expect(text).toBe(fixture("seed/seed-lines.amx"));
  });

  it("refuses a body or type without a CAD matrix, saying which", async () => {
    const cad = fixturePath("seed/CAD_Matrixes.dat");
    const noBody = await cli([
      "amx",
      "create",
      "--mbs",
      "a.amb",
      "--cad",
      cad,
      "--body",
      "99:1:x.agr",
    ]);
    expect(noBody.code).toBe(1);
    expect(noBody.err).toContain("body 99 is not in CAD_Matrixes.dat");
    const noSolver = await cli([
      "amx",
      "create",
      "--mbs",
      "a.amb",
      "--cad",
      cad,
      "--body",
      "4:1:x.agr",
    ]);
    expect(noSolver.err).toContain("body 4 has no solver of type 1");
    const wrongType = await cli([
      "amx",
      "create",
      "--mbs",
      "a.amb",
      "--cad",
      cad,
      "--body",
      "2:0:x.agr",
    ]);
    expect(wrongType.err).toContain(
      "body 2 has no solver of type 0 in CAD_Matrixes.dat (it has type 1)",
    );
    expect(wrongType.out).toBe("");
  });

  it("makes variants, picks the one in use, and never overwrites without --force", async () => {
    const dir = scratch();
    const cad = fixturePath("seed/CAD_Matrixes.dat");
    const args = [
      "amx",
      "create",
      "--mbs",
      "a.amb",
      "--cad",
      cad,
      "--body",
      "2:1:x.agr",
      "--body",
      "2:1:y.agr",
      "--variant",
      "2:1",
      "-o",
      "v.amx",
    ];
    expect((await cli(args, dir)).code).toBe(0);
    const model = readAmx(readFileSync(join(dir, "v.amx"), "utf8")).model;
    expect(model.bodies).toHaveLength(1);
    expect(model.bodies[0]!.variantInUse).toBe(1);
    expect(model.bodies[0]!.animations.map((a) => a.file)).toEqual(["x.agr", "y.agr"]);
    const again = await cli(args, dir);
    expect(again.code).toBe(1);
    expect(again.err).toContain("exists; not overwritten");
    expect((await cli([...args, "--force"], dir)).code).toBe(0);
    const bad = await cli([...args.slice(0, -2), "--variant", "2:5"], dir);
    expect(bad.err).toContain("AMX121");
  });

  it("rejects malformed options with exit code 2", async () => {
    expect((await cli(["amx", "create", "--mbs", "a.amb"])).code).toBe(2);
    expect(
      (await cli(["amx", "create", "--mbs", "a.amb", "--cad", "c", "--body", "2-1-x"])).code,
    ).toBe(2);
    expect((await cli(["amx", "create", "--bogus"])).code).toBe(2);
  });
});

describe("deforma amx fmt", () => {
  it("prints the canonical layout, which reads back to the same model", async () => {
    const r = await cli(["amx", "fmt", fixturePath("seed/seed-flat.amx")]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(fixture("seed/seed-lines.amx"));
    expect(readAmx(r.out).model).toEqual(SEED_AMX);
  });

  it("rewrites in place only with --write, and leaves a broken file alone", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "a.amx"), fixture("seed/seed-flat.amx"));
    await cli(["amx", "fmt", "a.amx"], dir);
    expect(readFileSync(join(dir, "a.amx"), "utf8")).toBe(fixture("seed/seed-flat.amx"));
    expect((await cli(["amx", "fmt", "a.amx", "--write"], dir)).code).toBe(0);
    expect(readFileSync(join(dir, "a.amx"), "utf8")).toBe(fixture("seed/seed-lines.amx"));
    writeFileSync(join(dir, "b.amx"), "b.amb 1 2 1 0 1 0 0 a.agr 1 0 0\n");
    const broken = await cli(["amx", "fmt", "b.amx", "--write"], dir);
    expect(broken.code).toBe(1);
    expect(readFileSync(join(dir, "b.amx"), "utf8")).toBe("b.amb 1 2 1 0 1 0 0 a.agr 1 0 0\n");
  });
});

describe("deforma help and usage", () => {
  it("lists every command and gives each a --help", async () => {
    const r = await cli(["--help"]);
    expect(r.code).toBe(0);
    for (const c of [
      "amx validate",
      "amx show",
      "amx fmt",
      "amx create",
      "cad show",
      "cad validate",
      "agr info",
      "agr convert",
      "agr validate",
      "amb info",
    ]) {
      expect(r.out).toContain(c);
      const h = await cli([...c.split(" "), "--help"]);
      expect(h.code).toBe(0);
      expect(h.out).toContain(`Usage: deforma ${c}`);
    }
  });

  it("exit code 2 for unknown commands and missing files", async () => {
    expect((await cli(["nope"])).code).toBe(2);
    expect((await cli(["amx", "nope"])).code).toBe(2);
    const missing = await cli(["amx", "validate", "no-such.amx"]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("no such file");
  });
});
