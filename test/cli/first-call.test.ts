/**
 * `npx deforma` from the repository root installs the folder into npx's cache
 * and runs `prepare` again (npm_command=exec); that must not rebuild.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const built =
  existsSync(join(ROOT, "dist/cli/main.js")) && existsSync(join(ROOT, "dist/web/index.html"));

/** Runs scripts/prepare.mjs with a stand-in npm that only records its arguments; returns them, or null. */
function prepare(npmCommand: string): string | null {
  const dir = mkdtempSync(join(tmpdir(), "deforma-prepare-"));
  const marker = join(dir, "called");
  const fakeNpm = join(dir, "npm.cjs");
  writeFileSync(
    fakeNpm,
    `require("node:fs").writeFileSync(${JSON.stringify(marker)}, process.argv.slice(2).join(" "));`,
  );
  const r = spawnSync(process.execPath, [join(ROOT, "scripts/prepare.mjs")], {
    env: { ...process.env, npm_command: npmCommand, npm_execpath: fakeNpm },
    encoding: "utf8",
  });
  expect(r.status).toBe(0);
  return existsSync(marker) ? readFileSync(marker, "utf8") : null;
}

describe("the prepare step", () => {
  it("builds on npm install and npm ci", () => {
    expect(prepare("install")).toBe("run build");
    expect(prepare("ci")).toBe("run build");
  });

  // decision 32
  it.skipIf(!built)("does not rebuild when npx installs the folder to run its bin", () => {
    expect(prepare("exec")).toBeNull();
  });

  it("is what package.json runs", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(pkg.scripts.prepare).toBe("node scripts/prepare.mjs");
    expect(pkg.bin.deforma).toBe("bin/deforma.cjs");
  });
});

describe("npx deforma from the repository root", () => {
  const npx = spawnSync("npx", ["--version"], { encoding: "utf8" });
  it.skipIf(npx.status !== 0 || !built)(
    "answers its first call without rebuilding (a fresh npx cache, offline)",
    () => {
      const cache = mkdtempSync(join(tmpdir(), "deforma-npx-"));
      const main = join(ROOT, "dist/cli/main.js");
      const before = statSync(main).mtimeMs;
      const r = spawnSync("npx", ["--offline", "deforma", "--version"], {
        cwd: ROOT,
        env: { ...process.env, npm_config_cache: cache },
        encoding: "utf8",
      });
      rmSync(cache, { recursive: true, force: true });
      expect(r.stdout).toBe("deforma 0.1.0\n");
      expect(r.status).toBe(0);
      // The old prepare ("npm run build") rebuilt dist/ here, for about 10 s.
      expect(statSync(main).mtimeMs).toBe(before);
    },
    60_000,
  );
});
