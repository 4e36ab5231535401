/**
 * The CLI's start-up: `deforma amx validate` loads only what `.amx` checking
 * needs (the command table and every format's reader are lazy), and the
 * command runs from the bundle dist/cli.cjs with V8's code cache.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The modules (under dist/ or node_modules/) the unbundled CLI, dist/cli/main.js, loads for `argv`. */
function loaded(argv: string[]): string[] {
  const hook = join(mkdtempSync(join(tmpdir(), "deforma-hook-")), "hook.mjs");
  writeFileSync(
    hook,
    "export async function resolve(s, c, next) { const r = await next(s, c);" +
      " const m = /\\/(dist|node_modules)\\/(.*)$/.exec(r.url);" +
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the hook module's own template literal
      " if (m) process.stderr.write(`LOAD ${m[1] === 'dist' ? m[2] : 'node_modules/' + m[2]}\\n`); return r; }",
  );
  const register = `import { register } from "node:module"; register(${JSON.stringify(pathToFileURL(hook).href)});`;
  const entry = `import { main } from "./dist/cli/main.js"; await main(${JSON.stringify(argv)});`;
  const r = spawnSync(
    process.execPath,
    [
      "--import",
      `data:text/javascript,${encodeURIComponent(register)}`,
      "--input-type=module",
      "-e",
      entry,
    ],
    { cwd: ROOT, encoding: "utf8" },
  );
  expect(r.status).toBe(0);
  return [
    ...new Set(r.stderr.split("\n").flatMap((l) => (l.startsWith("LOAD ") ? [l.slice(5)] : []))),
  ];
}

const built = existsSync(join(ROOT, "dist/cli.cjs"));

describe("lazy command loading", () => {
  it.skipIf(!existsSync(join(ROOT, "dist/cli/main.js")))(
    "amx validate loads no other command, no exporter, no studio and no other format's reader",
    () => {
      const modules = loaded(["amx", "validate", "demo/slider-crank.amx"]);
      expect(modules).toContain("cli/commands/amx-validate.js");
      // The .amx reader (a format's reader, loaded on first use) is there.
      expect(modules).toContain("mixed/amx/read.js");
      const others = modules.filter(
        (m) =>
          (m.startsWith("cli/commands/") && m !== "cli/commands/amx-validate.js") ||
          m.startsWith("mixed/gltf/") ||
          m.startsWith("mixed/sample/") ||
          m === "mixed/vtk/export.js" ||
          m === "mixed/vtk/write-xml.js" ||
          m === "mixed/vtk/from-vtk.js" ||
          // Recognising formats (the wrong-format check) loads no reader of another format.
          m.startsWith("mixed/vtk/read") ||
          m === "core/xml.js" ||
          /^bulge\/\w+\/read/.test(m) ||
          /^live\/\w+\/(read|decode)/.test(m) ||
          m.startsWith("node_modules/") ||
          m.startsWith("studio/"),
      );
      expect(others).toEqual([]);
    },
  );
});

describe("the bundled command", () => {
  // decision 110
  it.skipIf(!built)(
    "bin/deforma.cjs runs the bundle with the code cache the build recorded",
    () => {
      const r = spawnSync(
        process.execPath,
        ["bin/deforma.cjs", "amx", "validate", "test/fixtures/seed/seed-flat.amx", "--no-files"],
        { cwd: ROOT, encoding: "utf8", env: { ...process.env, DEFORMA_CODE_CACHE: "report" } },
      );
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/seed-flat\.amx: ok \(0 errors, 1 warning\)/);
      expect(r.stderr).toContain("deforma: code cache used\n");
    },
  );

  it.skipIf(!built)("finds the files next to it as the unbundled modules did (the demo)", () => {
    // `deforma demo` without a folder checks the demo next to the package, from any folder.
    const r = spawnSync(process.execPath, [join(ROOT, "bin/deforma.cjs"), "demo"], {
      cwd: mkdtempSync(join(tmpdir(), "deforma-cwd-")),
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/demo[\\/]slider-crank\.amx: valid \(0 errors/);
  });

  // decision 334
  it.skipIf(!built)(
    "leaves the HDF5 library out of the bundle and still reads a NetCDF-4 Exodus file",
    () => {
      // h5wasm (≈ 4.8 MB) in the bundle made every command read and compile it at start-up.
      expect(readFileSync(join(ROOT, "dist/cli.cjs"), "utf8")).not.toContain("H5Fopen");
      const r = spawnSync(
        process.execPath,
        ["bin/deforma.cjs", "check", "test/fixtures/exodus/meshio.e"],
        { cwd: ROOT, encoding: "utf8" },
      );
      expect(r.stderr).toBe("");
      expect(r.stdout).toMatch(/meshio\.e: ok \(Exodus II results, NetCDF-4; 0 errors/);
      expect(r.status).toBe(0);
    },
  );
});
