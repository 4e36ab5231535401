/** `deforma amx validate` loads only what `.amx` checking needs: the command table is lazy. */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The `dist/` modules the built CLI loads for `argv`. */
function loaded(argv: string[]): string[] {
  const hook = join(mkdtempSync(join(tmpdir(), "deforma-hook-")), "hook.mjs");
  writeFileSync(
    hook,
    "export async function resolve(s, c, next) { const r = await next(s, c);" +
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the hook module's own template literal
      ' if (r.url.includes("/dist/")) process.stderr.write(`LOAD ${r.url.split("/dist/")[1]}\\n`); return r; }',
  );
  const register = `import { register } from "node:module"; register(${JSON.stringify(pathToFileURL(hook).href)});`;
  const r = spawnSync(
    process.execPath,
    ["--import", `data:text/javascript,${encodeURIComponent(register)}`, "bin/deforma.js", ...argv],
    { cwd: ROOT, encoding: "utf8" },
  );
  expect(r.status).toBe(0);
  return [
    ...new Set(r.stderr.split("\n").flatMap((l) => (l.startsWith("LOAD ") ? [l.slice(5)] : []))),
  ];
}

describe("lazy command loading", () => {
  it.skipIf(!existsSync(join(ROOT, "dist/cli/main.js")))(
    "amx validate loads no other command, no exporter, no studio",
    () => {
      const modules = loaded(["amx", "validate", "demo/slider-crank.amx"]);
      expect(modules).toContain("cli/commands/amx-validate.js");
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
          m.startsWith("studio/"),
      );
      expect(others).toEqual([]);
    },
  );
});
