/**
 * What a new user tripped on at the command line: `help GROUP [COMMAND]`,
 * "did you mean" for a misspelt `--help`, `--gltf` with a wrong extension,
 * out-of-range values, and `mixed export` refusing its output before any work.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, copyDemo } from "../helpers.js";

/** A scratch folder holding a copy of the demo as `demo/`. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-newuser-"));
  copyDemo(join(dir, "demo"));
  return dir;
}

describe("deforma help", () => {
  // decision 139
  it("help GROUP prints the group's help, help GROUP COMMAND the command's", async () => {
    const group = await cli(["help", "amx"]);
    expect(group.code).toBe(0);
    expect(group.out).toBe((await cli(["amx", "--help"])).out);
    expect(group.out).toContain("Usage: deforma amx <command>");
    const command = await cli(["help", "amx", "validate"]);
    expect(command.code).toBe(0);
    expect(command.out).toContain("Usage: deforma amx validate FILE");
    expect(command.out).toBe((await cli(["amx", "validate", "--help"])).out);
    expect((await cli(["help", "studio"])).out).toContain("Usage: deforma studio [DIR]");
    expect((await cli(["amx", "help"])).out).toBe(group.out);
    expect((await cli(["--help"])).out).toContain("or: deforma help <command>");
  });

  it("help of an unknown command is a usage error with a suggestion", async () => {
    const r = await cli(["help", "amz"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("unknown command 'amz' (did you mean 'amx'?)");
    expect((await cli(["help", "amx", "valdate"])).err).toContain("did you mean 'amx validate'?");
  });
});

describe("did you mean --help", () => {
  // decision 139
  it("after a command, a group, and alone", async () => {
    const command = await cli(["amx", "validate", "x.amx", "--hlep"]);
    expect(command.code).toBe(2);
    expect(command.err).toContain("unknown option --hlep (did you mean --help?)");
    const group = await cli(["amx", "--hlep"]);
    expect(group.code).toBe(2);
    expect(group.err).toContain("unknown option 'amx --hlep' (did you mean '--help'?");
    const alone = await cli(["--hlep"]);
    expect(alone.code).toBe(2);
    expect(alone.err).toContain("unknown option '--hlep' (did you mean '--help'?)");
    expect((await cli(["--verison"])).err).toContain("did you mean '--version'?");
  });
});

describe("mixed export refuses a wrong output before any work", () => {
  const base = ["mixed", "export", "demo/slider-crank.amx"];

  // decision 137
  it("--gltf needs a .glb name (usage error, nothing written)", async () => {
    const dir = project();
    for (const name of ["x.txt", "x.gltf", "x"]) {
      const r = await cli([...base, "--gltf", name], dir);
      expect(r.code, name).toBe(2);
      expect(r.err).toContain(
        `--gltf ${name}: the export is binary glTF, so its name must end in .glb`,
      );
      expect(existsSync(join(dir, name))).toBe(false);
    }
  });

  it("--exaggeration outside its range is refused, saying the range", async () => {
    for (const value of ["-5", "0", "=-5"]) {
      const argv = value.startsWith("=")
        ? [...base, "--gltf", "x.glb", `--exaggeration${value}`]
        : [...base, "--gltf", "x.glb", "--exaggeration", value];
      const r = await cli(argv);
      expect(r.code, value).toBe(2);
      expect(r.err).toContain("--exaggeration expects a finite number > 0");
    }
  });

  // decision 138
  it("a folder of other files, a missing folder or a folder as the .glb: refused before the .amx is read", async () => {
    const dir = project();
    // The .amx is not even there: a refusal naming the output shows the output was checked first.
    const missing = ["mixed", "export", "demo/none.amx"];
    const foreign = await cli([...missing, "--vtk", "demo", "--force"], dir);
    expect(foreign.code).toBe(1);
    expect(foreign.err).toMatch(/^deforma: demo holds '[^']+', which is not part of a VTK series/);
    expect(foreign.err).not.toContain("none.amx");
    const full = await cli([...missing, "--vtk", "demo"], dir);
    expect(full.err).toBe("deforma: demo exists and is not empty; not overwritten (use --force)\n");
    const nowhere = await cli([...missing, "--gltf", "nowhere/x.glb"], dir);
    expect(nowhere.err).toBe("deforma: cannot write 'nowhere/x.glb': no such file or folder\n");
    mkdirSync(join(dir, "a.glb"));
    const folder = await cli([...missing, "--gltf", "a.glb", "--force"], dir);
    expect(folder.err).toBe("deforma: cannot write 'a.glb': it is a folder, not a file\n");
    writeFileSync(join(dir, "b.glb"), "mine");
    const exists = await cli([...missing, "--gltf", "b.glb"], dir);
    expect(exists.err).toBe("deforma: b.glb exists; not overwritten (use --force)\n");
    expect(readdirSync(join(dir, "demo"))).toContain("slider-crank.amx");
  });

  it("still exports into a new .glb (the checks let a good target through)", async () => {
    const dir = project();
    const r = await cli([...base, "--gltf", "out.GLB", "--fps", "2"], dir);
    expect(r.code, r.err).toBe(0);
    expect(existsSync(join(dir, "out.GLB"))).toBe(true);
  }, 60_000);
});
