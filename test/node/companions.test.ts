/**
 * Files named inside files (`.pvd`/`.vtm` entries, `.amx` references) are read
 * only when they are regular files inside the folder of the file that names
 * them: never printed when refused, never waited on (FIFO), never swallowed
 * whole (`/dev/zero`). `--allow-outside` opts in to other places, still only
 * for regular files.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { companionReader, OUTSIDE_REASON, readInputSync } from "../../src/node/files.js";
import { cli, demoPath } from "../helpers.js";

const SECRET = "SECRET-LINE-1 root:x:0:0";

function pvd(entries: string[]): string {
  const sets = entries.map((f, i) => `<DataSet timestep="${i}" file="${f}"/>`).join("");
  return `<VTKFile type="Collection"><Collection>${sets}</Collection></VTKFile>\n`;
}

/** base/{secret.txt, project/{series.pvd, sub/}, fifo}. */
function tree(): { base: string; project: string } {
  const base = mkdtempSync(join(tmpdir(), "deforma-companions-"));
  const project = join(base, "project");
  mkdirSync(join(project, "sub"), { recursive: true });
  writeFileSync(join(base, "secret.txt"), `${SECRET}\n`);
  symlinkSync(join(base, "secret.txt"), join(project, "sub", "link.vtu"));
  execFileSync("mkfifo", [join(project, "pipe.vtu")]);
  return { base, project };
}

describe("companion files", () => {
  // decision 98
  it("a .pvd naming files outside its folder: refused with the entry named, contents never shown", async () => {
    const { base, project } = tree();
    const entries = [join(base, "secret.txt"), "../secret.txt", "sub/link.vtu"];
    writeFileSync(join(project, "series.pvd"), pvd(entries));
    const r = await cli(["agr", "from-vtk", "series.pvd", "--type", "0", "-o", "x.agr"], project);
    expect(r.code).toBe(1);
    for (const e of entries) expect(r.err).toContain(`'${e}' cannot be read: it lies outside`);
    expect(r.err).toContain("outside the folder of the file that names it");
    expect(r.err + r.out).not.toContain("SECRET-LINE");
  });

  it("a FIFO or a device named by a .pvd is refused at once, even with --allow-outside", async () => {
    const { project } = tree();
    writeFileSync(join(project, "series.pvd"), pvd(["pipe.vtu", "/dev/zero"]));
    const r = await cli(
      ["agr", "from-vtk", "series.pvd", "--type", "0", "-o", "x.agr", "--allow-outside"],
      project,
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/'pipe\.vtu' cannot be read: not a regular file/);
    expect(r.err).toMatch(/'\/dev\/zero' cannot be read: not a regular file/);
  });

  // decision 98
  it("--allow-outside reads a regular file outside (here: one frame of a real series)", async () => {
    const { base, project } = tree();
    const vtu = join(base, "frame.vtu");
    const demo = await cli([
      "mixed",
      "export",
      demoPath("slider-crank.amx"),
      "--vtk",
      join(base, "v"),
      "--fps",
      "1",
    ]);
    expect(demo.code).toBe(0);
    const produced = execFileSync("sh", ["-c", `ls ${join(base, "v")}/*/*.vtu | head -1`])
      .toString()
      .trim();
    copyFileSync(produced, vtu);
    writeFileSync(join(project, "series.pvd"), pvd([vtu]));
    const refused = await cli(
      ["agr", "from-vtk", "series.pvd", "--type", "0", "-o", "x.agr"],
      project,
    );
    expect(refused.code).toBe(1);
    const allowed = await cli(
      ["agr", "from-vtk", "series.pvd", "--type", "0", "-o", "x.agr", "--allow-outside"],
      project,
    );
    expect(allowed.err).not.toContain("outside the folder");
  });

  it("an .amx naming a file above its folder is refused (AMX unreadable) unless allowed", async () => {
    const { base, project } = tree();
    const amx = `../secret.txt\n0\n`;
    writeFileSync(join(project, "m.amx"), amx);
    const r = await cli(["amx", "validate", "m.amx"], project);
    expect(r.out + r.err).toContain("cannot read '../secret.txt': it lies outside the folder");
    expect(r.out + r.err).not.toContain("SECRET-LINE");
    const allowed = await cli(["amx", "validate", "m.amx", "--allow-outside"], project);
    expect(allowed.out + allowed.err).not.toContain("outside the folder");
    expect(base).toBeTruthy();
  });

  it("the reader judges the real path: a symlink inside that leads out is refused", async () => {
    const { project } = tree();
    const read = companionReader(project);
    const from = join(project, "series.pvd");
    expect(await read("sub/link.vtu", from)).toEqual({
      status: "unreadable",
      reason: OUTSIDE_REASON,
    });
    expect(await read("sub/none.vtu", from)).toEqual({ status: "missing" });
    writeFileSync(join(project, "sub", "ok.vtu"), "x");
    expect((await read("sub/ok.vtu", from)).status).toBe("ok");
  });

  // decision 369
  it("the blocking reader (the studio's mesh worker) answers as the other, refusals and all", async () => {
    const { project } = tree();
    writeFileSync(join(project, "sub", "ok.vtu"), "<VTKFile/>");
    writeFileSync(join(project, "big.vtu"), "x".repeat(100));
    const from = join(project, "series.pvd");
    const paths = [
      "sub/ok.vtu",
      "sub/link.vtu",
      "sub/none.vtu",
      "../secret.txt",
      "pipe.vtu",
      "sub",
      "big.vtu",
      "/dev/zero",
    ];
    for (const allowOutside of [false, true]) {
      const options = { maxBytes: 64, allowOutside };
      const waiting = companionReader(project, options);
      const blocking = companionReader(project, { ...options, blocking: true });
      const got = await Promise.all(paths.map((p) => blocking(p, from)));
      expect(got).toEqual(await Promise.all(paths.map((p) => waiting(p, from))));
      expect(got.map((r) => r.status)).toEqual(
        allowOutside
          ? ["ok", "ok", "missing", "ok", "unreadable", "unreadable", "unreadable", "unreadable"]
          : [
              "ok",
              "unreadable",
              "missing",
              "unreadable",
              "unreadable",
              "unreadable",
              "unreadable",
              "unreadable",
            ],
      );
    }
    expect(readInputSync(join(project, "sub", "ok.vtu"))).toEqual({
      status: "ok",
      bytes: new TextEncoder().encode("<VTKFile/>"),
    });
  });
});
