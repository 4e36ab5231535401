import { spawnSync } from "node:child_process";
import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, demoPath } from "../helpers.js";

function scratch(): string {
  return mkdtempSync(join(tmpdir(), "deforma-outputs-"));
}

function fifo(path: string): void {
  const made = spawnSync("mkfifo", [path]);
  expect(made.status, String(made.stderr)).toBe(0);
}

const CATALOGUE = demoPath("misc_data/bulge_types");
const errlog = (dir: string, to: string, force = true) =>
  cli(["bulge", "lint", CATALOGUE, "--errlog", to, ...(force ? ["--force"] : [])], dir);

describe("CLI outputs onto what is there", () => {
  // decision 237
  it("-o onto a FIFO, or a link named like /dev/stdout leading to one, is refused with --force (exit 1)", async () => {
    const dir = scratch();
    fifo(join(dir, "pipe"));
    symlinkSync(join(dir, "pipe"), join(dir, "stdout"));
    for (const name of ["pipe", "stdout"]) {
      const r = await errlog(dir, name);
      expect(r.code, name).toBe(1);
      expect(r.err).toContain(
        `cannot write '${name}': it is a FIFO (named pipe), not a regular file; an output replaces only a regular file, even with --force`,
      );
    }
    expect(lstatSync(join(dir, "pipe")).isFIFO()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(["pipe", "stdout"]);
    // The same before any work for an export's .glb.
    symlinkSync(join(dir, "pipe"), join(dir, "out.glb"));
    const glb = await cli(
      ["mixed", "export", demoPath("slider-crank.amx"), "--gltf", "out.glb", "--force"],
      dir,
    );
    expect(glb.code).toBe(1);
    expect(glb.err).toMatch(/cannot write 'out\.glb': it is a FIFO/);
    expect(lstatSync(join(dir, "pipe")).isFIFO()).toBe(true);
  });

  // decision 238
  it("a read-only file needs --force and says so; fmt --write never changes one", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "errlog"), "old\n");
    chmodSync(join(dir, "errlog"), 0o444);
    const plain = await errlog(dir, "errlog", false);
    expect(plain.code).toBe(1);
    expect(plain.err).toContain(
      "deforma: errlog exists and is read-only; not overwritten (use --force)",
    );
    expect(readFileSync(join(dir, "errlog"), "utf8")).toBe("old\n");
    const forced = await errlog(dir, "errlog");
    expect(forced.code, forced.err).toBe(0);
    expect(forced.err).toContain(
      "deforma: errlog was read-only; replaced (--force), still read-only",
    );
    expect(readFileSync(join(dir, "errlog"), "utf8")).not.toBe("old\n");
    expect(statSync(join(dir, "errlog")).mode & 0o777).toBe(0o444);

    // Not formatted (two blank lines first), so fmt --write would replace it.
    const unformatted = `\n\n${readFileSync(CATALOGUE, "utf8")}`;
    writeFileSync(join(dir, "bulge_types"), unformatted);
    chmodSync(join(dir, "bulge_types"), 0o444);
    const fmt = await cli(["bulge", "fmt", "bulge_types", "--write"], dir);
    expect(fmt.code).toBe(1);
    expect(fmt.err).toContain(
      "cannot write 'bulge_types': it is read-only; not changed (make it writable first)",
    );
    expect(readFileSync(join(dir, "bulge_types"), "utf8")).toBe(unformatted);
  });

  // decision 239
  it("an output with other hard links is replaced by a file of its own, with a warning", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "errlog"), "old\n");
    linkSync(join(dir, "errlog"), join(dir, "backup"));
    const r = await errlog(dir, "errlog");
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(
      "deforma: warning: errlog had 1 other hard link; it is now a file of its own and the other names keep the old content",
    );
    expect(readFileSync(join(dir, "backup"), "utf8")).toBe("old\n");
  });

  // decision 241
  it("mixed export --vtk onto a file is refused with --force too, and the file is kept", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "results"), "not an export\n");
    fifo(join(dir, "pipe"));
    for (const [name, kind] of [
      ["results", "a file"],
      ["pipe", "a FIFO (named pipe)"],
    ]) {
      const r = await cli(
        ["mixed", "export", demoPath("slider-crank.amx"), "--vtk", name!, "--force"],
        dir,
      );
      expect(r.code, name).toBe(2);
      expect(r.err).toContain(
        `--vtk ${name}: is ${kind}, not a folder; an export replaces only the folder of an earlier one, even with --force`,
      );
    }
    expect(readFileSync(join(dir, "results"), "utf8")).toBe("not an export\n");
    expect(lstatSync(join(dir, "pipe")).isFIFO()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(["pipe", "results"]);
  });
});
