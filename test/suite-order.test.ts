/**
 * How `npm test` runs: the pretest's build emits without checking the types
 * the type check beside it checks, the pure unit files share their worker's
 * modules, and the long files start first (test/suite-order.ts).
 */
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import config from "../vitest.config.js";
import {
  allTestFiles,
  chromiumTestFiles,
  drivesChromium,
  LongestFirst,
  sharedTestFiles,
  startTier,
} from "./suite-order.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const text = (path: string) => readFileSync(join(ROOT, path), "utf8");
const json = (path: string) => JSON.parse(text(path)) as Record<string, unknown>;

describe("npm test's pretest", () => {
  // decision 373
  it("builds with tsc emitting only, beside a type check of the same files with the same options", () => {
    const scripts = json("package.json").scripts as Record<string, string>;
    expect(scripts.build).toMatch(/^tsc -p tsconfig\.build\.json && /);
    const pretest = text("scripts/pretest.mjs");
    expect(pretest).toContain('const TSC_BUILD = "tsc -p tsconfig.build.json";');
    expect(pretest).toMatch(/build\.replace\(TSC_BUILD, `\$\{TSC_BUILD\} --noCheck`\)/);
    expect(pretest).toContain('args: ["-p", "tsconfig.json", "--noEmit"]');
    // The build's project is tsconfig.json's, over a part of its files, changed only in what it emits.
    const build = json("tsconfig.build.json") as {
      extends: string;
      include: string[];
      compilerOptions: Record<string, unknown>;
    };
    expect(build.extends).toBe("./tsconfig.json");
    expect((json("tsconfig.json") as { include: string[] }).include).toEqual(
      expect.arrayContaining(build.include),
    );
    expect(Object.keys(build.compilerOptions).sort()).toEqual([
      "declaration",
      "noEmit",
      "outDir",
      "rootDir",
      "sourceMap",
    ]);
  });
});

describe("vitest's projects", () => {
  const projects = () =>
    (
      config.test!.projects as {
        test: {
          name: string;
          include: string[];
          exclude?: string[];
          isolate?: boolean;
          globalSetup?: string[];
        };
      }[]
    ).map((p) => p.test);

  // decisions 374 and 377
  it("puts every test file in one project: shared modules, Chromium's, or isolated", () => {
    const shared = sharedTestFiles(ROOT);
    const chromium = chromiumTestFiles(ROOT);
    for (const file of [
      "test/core/affine.test.ts",
      "test/mixed/vtk/legacy.test.ts",
      "test/cli/check.test.ts",
      "test/studio/server.test.ts",
      "test/suite-order.test.ts",
    ])
      expect(shared).toContain(file);
    expect(shared).not.toContain("test/bench.test.ts");
    for (const file of shared) expect(drivesChromium(text(file)), file).toBe(false);
    const [sharedProject, chromiumProject, isolatedProject] = projects();
    expect(sharedProject).toMatchObject({ name: "shared", include: shared, isolate: false });
    expect(chromiumProject).toMatchObject({ name: "chromium", include: chromium });
    expect(isolatedProject).toMatchObject({ name: "isolated", include: ["test/**/*.test.ts"] });
    expect(isolatedProject!.isolate).toBeUndefined();
    const all = allTestFiles(ROOT);
    const isolated = all.filter((f) => !isolatedProject!.exclude!.includes(f));
    expect(isolated).toEqual(["test/bench.test.ts"]);
    expect([...isolated, ...chromium, ...shared].sort()).toEqual(all);
  });

  // decisions 376 and 378
  it("gives the files that drive Chromium one Chromium for the run, and only them", () => {
    const chromium = chromiumTestFiles(ROOT);
    expect(chromium).toContain("test/bulge/bake-three.browser.test.ts");
    expect(chromium).toContain("test/studio/shell.test.ts");
    expect(chromium).not.toContain("test/studio/server.test.ts");
    expect(chromium).not.toContain("test/suite-order.test.ts");
    expect(drivesChromium('import { chromium } from "playwright-core";\n')).toBe(true);
    expect(drivesChromium('import {\n  pageErrors,\n} from "../studio/browser-launch.js";\n')).toBe(
      true,
    );
    expect(drivesChromium('const s = "playwright-core";\n')).toBe(false);
    const [, chromiumProject] = projects();
    expect(chromiumProject!.globalSetup).toEqual(["test/studio/chromium-server.ts"]);
    expect(chromiumProject!.isolate).toBe(false);
    // Every launch with the shared flags goes through launchChromium, which connects to it.
    const launch =
      /chromium\.launch\(\{\s*executablePath: CHROMIUM,\s*headless: true,\s*args: FLAGS,?\s*\}\)/;
    for (const file of chromium) expect(launch.test(text(file)), file).toBe(false);
    expect(text("test/studio/browser-launch.ts")).toContain('inject("chromiumEndpoint")');
  });
});

describe("the start order", () => {
  // decision 375
  it("starts the bench, then the Chromium files, then the other isolated files, the units last", () => {
    const tier = (file: string, isolated = true) => startTier(file, isolated, () => text(file));
    expect(tier("test/bench.test.ts")).toBe(0);
    expect(tier("test/studio/shell.test.ts")).toBe(1);
    // The Chromium files share their worker's modules too, and still start second.
    expect(tier("test/studio/shell.test.ts", false)).toBe(1);
    expect(tier("test/bulge/bake-three.browser.test.ts")).toBe(1);
    expect(tier("test/cli/check.test.ts")).toBe(2);
    expect(tier("test/core/affine.test.ts", false)).toBe(3);
  });

  // decision 375
  it("keeps vitest's order within a tier: the longest of the last run first, else the largest", async () => {
    const files: [string, boolean, number][] = [
      ["test/core/affine.test.ts", false, 9e9],
      ["test/cli/check.test.ts", true, 10],
      ["test/cli/bulge.test.ts", true, 20],
      ["test/studio/shell.test.ts", true, 1],
      ["test/bench.test.ts", true, 1],
      ["test/studio/mesh.browser.test.ts", true, 5],
    ];
    const size = new Map(files.map(([f, , s]) => [f, s]));
    const specs = files.map(
      ([file, isolated]) =>
        ({
          moduleId: join(ROOT, file),
          project: {
            name: isolated ? "edges" : "units",
            config: { root: ROOT, isolate: isolated, sequence: { groupOrder: 0 } },
          },
        }) as unknown as TestSpecification,
    );
    const ctx = {
      config: { root: ROOT },
      cache: {
        getFileTestResults: () => undefined,
        getFileStats: (key: string) => ({ size: size.get(key.slice(key.indexOf(":") + 1)) }),
      },
    } as unknown as Vitest;
    const sorted = await new LongestFirst(ctx).sort(specs);
    expect(sorted.map((s) => relative(ROOT, s.moduleId).split(sep).join("/"))).toEqual([
      "test/bench.test.ts",
      "test/studio/mesh.browser.test.ts",
      "test/studio/shell.test.ts",
      "test/cli/bulge.test.ts",
      "test/cli/check.test.ts",
      "test/core/affine.test.ts",
    ]);
  });
});
