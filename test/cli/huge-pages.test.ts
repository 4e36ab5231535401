/**
 * bin/huge-pages.cjs: the commands that read large files (and the studio) run
 * in a child Node started with glibc's huge-page tunable; small ones in the
 * launcher's own process (decision 354).
 */
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BIN = join(ROOT, "bin/deforma.cjs");
const built = existsSync(join(ROOT, "dist/cli.cjs"));
const hugePages = createRequire(import.meta.url)("../../bin/huge-pages.cjs") as {
  wanted(args: string[], env: Record<string, string | undefined>, platform: string): boolean;
  MIN_BYTES: number;
};

/** A folder with a sparse file of `bytes` (no disk used) and a small one. */
function files(bytes: number): { dir: string; big: string; small: string } {
  const dir = mkdtempSync(join(tmpdir(), "deforma-huge-"));
  const big = join(dir, "big.agr");
  const fd = openSync(big, "w");
  closeSync(fd);
  spawnSync("truncate", ["-s", String(bytes), big]);
  const small = join(dir, "small.agr");
  writeFileSync(small, "x");
  return { dir, big, small };
}

/** What the process that ran the command was started with, as the launcher reports it. */
function tunablesOfRun(args: string[], env: Record<string, string> = {}): string[] {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: "utf8",
    env: { ...process.env, GLIBC_TUNABLES: "", DEFORMA_HUGE_PAGES: "report", ...env },
  });
  return [...r.stderr.matchAll(/^deforma: GLIBC_TUNABLES=(.*)$/gm)].map((m) => m[1]!);
}

describe("huge pages for large inputs (decision 354)", () => {
  const { dir, big, small } = files(hugePages.MIN_BYTES + 1);

  // decision 354
  it("wants the tunable for the studio and for named files (or a folder's files) of 32 MiB or more, on Linux, unless set or turned off", () => {
    const env = {};
    expect(hugePages.wanted(["agr", "info", small], env, "linux")).toBe(false);
    expect(hugePages.wanted(["agr", "info", big], env, "linux")).toBe(true);
    expect(hugePages.wanted(["mixed", "export", dir, "--out", small], env, "linux")).toBe(true);
    expect(hugePages.wanted(["studio"], env, "linux")).toBe(true);
    expect(hugePages.wanted(["agr", "info", big], env, "darwin")).toBe(false);
    expect(hugePages.wanted(["agr", "info", big], { DEFORMA_HUGE_PAGES: "0" }, "linux")).toBe(
      false,
    );
    const set = { GLIBC_TUNABLES: "glibc.malloc.hugetlb=0" };
    expect(hugePages.wanted(["agr", "info", big], set, "linux")).toBe(false);
  });

  it.runIf(built && process.platform === "linux")(
    "the process that runs a large command was started with the tunable, a small one runs unchanged",
    () => {
      expect(tunablesOfRun(["agr", "info", small])).toEqual([""]);
      // The launcher reports (no tunable), then its child (the tunable), which runs the command.
      expect(tunablesOfRun(["agr", "info", big])).toEqual(["", "glibc.malloc.hugetlb=1"]);
      expect(tunablesOfRun(["agr", "info", big], { DEFORMA_HUGE_PAGES: "0" })).toEqual([]);
    },
  );

  it.runIf(built && process.platform === "linux")(
    "the child's exit status is the command's",
    () => {
      const env = { ...process.env, GLIBC_TUNABLES: "" };
      const here = spawnSync(process.execPath, [BIN, "agr", "info", big], {
        env: { ...env, DEFORMA_HUGE_PAGES: "0" },
      });
      const child = spawnSync(process.execPath, [BIN, "agr", "info", big], { env });
      expect(here.status).not.toBe(0);
      expect(child.status).toBe(here.status);
      expect(child.stderr.toString()).toBe(here.stderr.toString());
    },
  );
});
