import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reportFailure } from "../../src/cli/failure.js";
import type { CliIo } from "../../src/cli/io.js";
import { writeError } from "../../src/cli/output.js";
import { cli, copyDemo } from "../helpers.js";

const isRoot = process.getuid?.() === 0;

/** A scratch folder holding a copy of the demo as `demo/`. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-io-"));
  copyDemo(join(dir, "demo"));
  return dir;
}

/** Asserts a one-line CLI message: no stack frames, no Node error class names. */
function noStack(text: string): void {
  expect(text).not.toMatch(/\n\s+at |Error:|internal error|node:internal/);
}

const READERS: readonly string[][] = [
  ["amx", "validate"],
  ["amx", "show"],
  ["amx", "fmt"],
  ["cad", "show"],
  ["cad", "validate"],
  ["agr", "info"],
  ["agr", "validate"],
  ["amb", "info"],
  ["amb", "validate"],
];

describe("input files that cannot be read: a message naming the path, exit 2, no stack", () => {
  it.each(READERS)(
    "%s %s: missing file, folder given as a file, a file used as a folder",
    async (...cmd) => {
      const dir = project();
      for (const [path, problem] of [
        ["nope.dat", "no such file or folder"],
        ["demo", "it is a folder, not a file"],
        ["demo/rod.agr/inner.dat", "a part of the path is not a folder"],
        ["missing-folder/x.dat", "no such file or folder"],
      ] as const) {
        const r = await cli([...cmd, path], dir);
        expect(r.code, `${cmd.join(" ")} ${path}`).toBe(2);
        expect(r.err).toBe(`deforma: cannot read '${path}': ${problem}\n`);
        noStack(r.err);
      }
    },
  );

  // decision 20
  it("with --json answers in the diagnostics contract", async () => {
    for (const cmd of [
      ["amx", "validate"],
      ["cad", "validate"],
      ["agr", "validate"],
      ["amb", "info"],
    ]) {
      const r = await cli([...cmd!, "nope.x", "--json"], project());
      expect(r.code).toBe(2);
      expect(JSON.parse(r.out)).toEqual({
        ok: false,
        diagnostics: [
          {
            severity: "error",
            code: "FMT003",
            message: "cannot read 'nope.x': no such file or folder",
            file: "nope.x",
            line: 1,
            column: 1,
          },
        ],
      });
    }
  });

  it.skipIf(isRoot)("permission denied (chmod 000)", async () => {
    const dir = project();
    writeFileSync(join(dir, "secret.amx"), "m.amb\n0\n");
    chmodSync(join(dir, "secret.amx"), 0o000);
    const r = await cli(["amx", "validate", "secret.amx"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toBe("deforma: cannot read 'secret.amx': permission denied\n");
  });
  if (isRoot) {
    it.skip("permission denied: skipped, running as root (chmod 000 does not deny root)", () => {});
  }
});

describe("outputs that cannot be written: a message naming the path, exit 1, no stack", () => {
  it("a missing folder, a folder as the output file, a file as the --vtk folder", async () => {
    const dir = project();
    const cases: [string[], string][] = [
      [
        ["agr", "convert", "demo/rod.agr", "no/such/dir/r.agr"],
        "deforma: cannot write 'no/such/dir/r.agr': no such file or folder\n",
      ],
      [
        ["agr", "convert", "demo/rod.agr", "demo", "--force"],
        "deforma: cannot write 'demo': it is a folder, not a file\n",
      ],
      [
        ["amb", "convert", "demo/slider-crank.amb", "demo/rod.agr/x.amb"],
        "deforma: cannot write 'demo/rod.agr/x.amb': a part of the path is not a folder\n",
      ],
      [
        ["mixed", "export", "demo/slider-crank.amx", "--gltf", "nowhere/x.glb"],
        "deforma: cannot write 'nowhere/x.glb': no such file or folder\n",
      ],
      [
        [
          "amx",
          "create",
          "--mbs",
          "a.amb",
          "--cad",
          "demo/CAD_Matrixes.dat",
          "--body",
          "3:1:rod.agr",
          "-o",
          "no/a.amx",
        ],
        "cannot write 'no/a.amx': no such file or folder",
      ],
    ];
    for (const [argv, message] of cases) {
      const r = await cli(argv, dir);
      expect(r.code, argv.join(" ")).toBe(1);
      expect(r.err).toContain(message);
      noStack(r.err);
    }
    const vtk = await cli(
      ["mixed", "export", "demo/slider-crank.amx", "--vtk", "demo/rod.agr"],
      dir,
    );
    expect(vtk.code).toBe(2);
    expect(vtk.err).toContain("--vtk demo/rod.agr: is a file, not a folder");
    const sub = await cli(
      ["mixed", "export", "demo/slider-crank.amx", "--vtk", "demo/rod.agr/v"],
      dir,
    );
    expect(sub.err).toContain("--vtk demo/rod.agr/v: a part of the path is not a folder");
  });

  it.skipIf(isRoot)("a read-only folder (chmod 555)", async () => {
    const dir = project();
    mkdirSync(join(dir, "ro"));
    chmodSync(join(dir, "ro"), 0o555);
    const r = await cli(["agr", "convert", "demo/rod.agr", "ro/r.agr"], dir);
    expect(r.code).toBe(1);
    expect(r.err).toBe("deforma: cannot write 'ro/r.agr': permission denied\n");
  });

  it("a full disk (ENOSPC) and other errno failures become one line", () => {
    const full = Object.assign(new Error("ENOSPC: no space left on device, write"), {
      code: "ENOSPC",
      syscall: "write",
      path: "/tmp/.x.glb.123.tmp",
    });
    const e = writeError(full, "out/x.glb");
    let err = "";
    const io: CliIo = {
      out: () => {},
      err: (t) => {
        err += t;
      },
      cwd: "/",
      isTTY: false,
    };
    expect(reportFailure(e, io, { usage: "x", json: false })).toBe(1);
    expect(err).toBe("deforma: cannot write 'out/x.glb': no space left on the device\n");
    err = "";
    const raw = Object.assign(new Error("EACCES"), { code: "EACCES", syscall: "open", path: "/p" });
    expect(reportFailure(raw, io, { usage: "x", json: false })).toBe(1);
    expect(err).toBe("deforma: cannot open '/p': permission denied\n");
  });

  it("folders the demo and studio commands cannot use", async () => {
    const dir = project();
    const demo = await cli(["demo", "nope"], dir);
    expect(demo.code).toBe(2);
    expect(demo.err).toContain("cannot read folder 'nope': no such file or folder");
    const notDir = await cli(["demo", "demo/rod.agr"], dir);
    expect(notDir.err).toContain("cannot read folder 'demo/rod.agr': not a folder");
    const studio = await cli(["studio", "demo/rod.agr"], dir);
    expect(studio.code).toBe(2);
    expect(studio.err).toContain("cannot serve 'demo/rod.agr': is a file, not a folder");
    expect(existsSync(join(dir, "demo"))).toBe(true);
  });
});
