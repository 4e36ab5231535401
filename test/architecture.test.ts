/**
 * The import direction (docs/architecture.md) is checked by dependency-cruiser
 * with .dependency-cruiser.cjs. This test runs it on the real tree (no
 * violation) and on a scratch tree with one planted violation per rule (each
 * must be reported), so the rules cannot silently stop matching.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CONFIG = join(ROOT, ".dependency-cruiser.cjs");
const DEPCRUISE = join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string };
}

/** Runs dependency-cruiser in `cwd` over `paths`; returns its violations. */
function cruise(cwd: string, paths: string[]): Violation[] {
  let out: string;
  try {
    out = execFileSync(
      process.execPath,
      [DEPCRUISE, ...paths, "--config", CONFIG, "--output-type", "json"],
      // The JSON report of the whole tree is over execFileSync's 1 MiB default buffer.
      { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 256 * 1024 * 1024 },
    );
  } catch (e) {
    // Exit code = number of errors; the report is still on stdout.
    out = (e as { stdout: string }).stdout;
  }
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

/** Writes `files` (path → text) under a new scratch folder; returns it. */
function scratch(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-deps-"));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext" } }),
  );
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe("import direction", () => {
  // decisions 147, 148 and 149
  it("holds in the repository", () => {
    const violations = cruise(ROOT, ["src", "web/src"]);
    expect(violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  });

  // decisions 147 and 149
  // decision 344
  it("fails on a planted violation of each rule", () => {
    const dir = scratch({
      "src/core/ok.ts": "export const ok = 1;\n",
      // core-imports-only-core
      "src/core/bad.ts": 'import { m } from "../mixed/m.js";\nexport const b = m;\n',
      "src/mixed/m.ts": "export const m = 1;\n",
      // system-imports-only-core (another system) and isomorphic-no-node
      "src/mixed/other.ts": 'import { l } from "../live/l.js";\nexport const o = l;\n',
      "src/live/l.ts": 'import { readFileSync } from "node:fs";\nexport const l = readFileSync;\n',
      // system-imports-only-core (an edge)
      "src/bulge/b.ts": 'import { c } from "../cli/c.js";\nexport const b = c;\n',
      "src/cli/c.ts": 'import { s } from "../studio/s.js";\nexport const c = s;\n',
      // edges-point-inward, node-not-studio
      "src/studio/s.ts": 'import { c } from "../cli/c.js";\nexport const s = c;\n',
      "src/node/n.ts": 'import { s } from "../studio/s.js";\nexport const n = s;\n',
      // node-edges-only (a top-level library file)
      "src/index.ts": 'import { join } from "node:path";\nexport const j = join;\n',
      // web-not-node-edges, web-shell-not-systems, web-system-only-own
      "web/src/shell.ts":
        'import { n } from "../../src/node/n.js";\nimport { m } from "../../src/mixed/m.js";\nexport const x = [n, m];\n',
      "web/src/live/w.ts": 'import { m } from "../../../src/mixed/m.js";\nexport const w = m;\n',
      // system-through-index (the system's index is fine)
      "src/node/deep.ts":
        'import { m } from "../mixed/m.js";\nimport { i } from "../mixed/index.js";\nexport const d = [m, i];\n',
      "src/mixed/index.ts": "export const i = 1;\n",
      // src-folder-declared (importing, imported, alone)
      "src/extra/x.ts": 'import { f } from "../core/free.js";\nexport const x = f;\n',
      "src/core/free.ts": "export const f = 1;\n",
      "src/cli/uses-extra.ts": 'import { x } from "../extra/x.js";\nexport const u = x;\n',
      "src/lone/y.ts": "export const y = 1;\n",
      // player-lean (reached through another module)
      "web/src/player/index.ts": 'import { e } from "../mixed/element.js";\nexport const p = e;\n',
      "web/src/mixed/element.ts": 'import { x } from "./export-panel.js";\nexport const e = x;\n',
      "web/src/mixed/export-panel.ts": "export const x = 1;\n",
      // no-cycles
      "src/core/p.ts": 'import { q } from "./q.js";\nexport const p = () => q;\n',
      "src/core/q.ts": 'import { p } from "./p.js";\nexport const q = () => p;\n',
    });
    const found = cruise(dir, ["src", "web/src"]).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(found).toEqual(
      expect.arrayContaining([
        "core-imports-only-core: src/core/bad.ts → src/mixed/m.ts",
        "system-imports-only-core: src/mixed/other.ts → src/live/l.ts",
        "system-imports-only-core: src/bulge/b.ts → src/cli/c.ts",
        "isomorphic-no-node: src/live/l.ts → fs",
        "node-edges-only: src/index.ts → path",
        "edges-point-inward: src/studio/s.ts → src/cli/c.ts",
        "node-not-studio: src/node/n.ts → src/studio/s.ts",
        "web-not-node-edges: web/src/shell.ts → src/node/n.ts",
        "web-shell-not-systems: web/src/shell.ts → src/mixed/m.ts",
        "web-system-only-own: web/src/live/w.ts → src/mixed/m.ts",
        "system-through-index: src/node/deep.ts → src/mixed/m.ts",
        "src-folder-declared: src/extra/x.ts → src/core/free.ts",
        "src-folder-declared-imported: src/cli/uses-extra.ts → src/extra/x.ts",
        "src-folder-declared-orphan: src/lone/y.ts → src/lone/y.ts",
        "player-lean: web/src/player/index.ts → web/src/mixed/export-panel.ts",
      ]),
    );
    expect(found.filter((f) => f.includes("→ src/mixed/index.ts"))).toEqual([]);
    expect(found.some((f) => f.startsWith("no-cycles: src/core/"))).toBe(true);
    // A system importing the core and itself is fine.
    expect(found.filter((f) => f.includes("src/core/ok.ts"))).toEqual([]);
  });
});

/** Every file under `dir` (relative to the repository), recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(ROOT.length));
}

describe("file size", () => {
  it("keeps every source file of src/ and web/src/ under 400 lines", () => {
    const long = [...filesUnder("src"), ...filesUnder("web/src")]
      .map((f) => [f, readFileSync(join(ROOT, f), "utf8").split("\n").length - 1] as const)
      .filter(([, lines]) => lines >= 400)
      .map(([f, lines]) => `${f}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
