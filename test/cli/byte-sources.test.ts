/**
 * Every byte source through one reader (issue 23, item 6): arguments,
 * companions and a project's own files are read only when they are regular
 * files, opened without waiting (a FIFO never hangs), bounded, and a
 * project's files only inside its folder. Only FIFOs and links in temp
 * folders are made (a link to /dev/zero is a device to the reader).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ArmFiles, buildArmFiles } from "../../scripts/demo/arm.js";
import { cli } from "../helpers.js";

const NOT_REGULAR = /not a regular file/;
/** A link to /dev/zero inside a project leads out of its folder: refused as such first. */
const REFUSED = /not a regular file|outside the folder/;
const CATALOGUE = "misc_data/bulge_types";

/** A scratch project: the demo arm's rig, mesh and catalogue. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "byte-sources-"));
  for (const [name, text] of buildArmFiles()) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** Makes `name` in `dir` a FIFO (nothing ever writes to it). */
function fifo(dir: string, name: string): void {
  rmSync(join(dir, name), { force: true });
  expect(spawnSync("mkfifo", [join(dir, name)]).status).toBe(0);
}

/** Makes `name` in `dir` a link to `/dev/zero` (an endless device). */
function zero(dir: string, name: string): void {
  rmSync(join(dir, name), { force: true });
  symlinkSync("/dev/zero", join(dir, name));
}

const hasFifo = spawnSync("mkfifo", ["--version"]).status === 0;

// decision 253
describe.skipIf(!hasFifo)("arguments that are FIFOs or devices", () => {
  it("check, live check, amx validate and bulge lint refuse them at once (exit 2)", async () => {
    const dir = project();
    fifo(dir, "pipe.amx");
    zero(dir, "zero.amx");
    zero(dir, "zero.bulge_types");
    fifo(dir, "pipe.scene.json");
    const runs = [
      ["check", "pipe.amx"],
      ["check", "zero.amx"],
      ["live", "check", "pipe.scene.json"],
      ["amx", "validate", "zero.amx"],
      ["bulge", "lint", "zero.bulge_types"],
    ];
    for (const argv of runs) {
      const r = await cli(argv, dir);
      expect(r.code, argv.join(" ")).toBe(2);
      expect(`${r.out}${r.err}`, argv.join(" ")).toMatch(NOT_REGULAR);
    }
  }, 20_000);
});

// decision 253
describe.skipIf(!hasFifo)("a project's catalogue that is a FIFO, a device or a link out", () => {
  it("rig check, bulge apply and bulge rm refuse a FIFO or /dev/zero there", async () => {
    for (const make of [fifo, zero]) {
      const dir = project();
      make(dir, CATALOGUE);
      const rig = await cli(["rig", "check", ArmFiles.rig], dir);
      expect(`${rig.out}${rig.err}`).toMatch(REFUSED);
      const apply = await cli(
        [
          "bulge",
          "apply",
          "--rig",
          ArmFiles.rig,
          "--mesh",
          ArmFiles.mesh,
          "--pose",
          "elbow=30",
          "-o",
          "o.obj",
        ],
        dir,
      );
      expect(apply.code).not.toBe(0);
      expect(`${apply.out}${apply.err}`).toMatch(REFUSED);
      const rm = await cli(["bulge", "rm", "--code", "5", "--project", "."], dir);
      expect(rm.code).toBe(2);
      expect(rm.err).toMatch(REFUSED);
    }
  }, 20_000);

  it("bulge rm does not read a catalogue that is a link out of the project", async () => {
    const dir = project();
    const outside = mkdtempSync(join(tmpdir(), "byte-sources-out-"));
    writeFileSync(join(outside, "bulge_types"), "");
    rmSync(join(dir, CATALOGUE));
    symlinkSync(join(outside, "bulge_types"), join(dir, CATALOGUE));
    const rm = await cli(["bulge", "rm", "--code", "5", "--project", "."], dir);
    expect(rm.code).toBe(2);
    expect(rm.err).toMatch(/outside the folder/);
  });
});
