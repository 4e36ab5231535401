/**
 * How vitest.config.ts splits and orders the suite (decisions 374–378):
 * which test files share their worker's modules, which share one Chromium,
 * and which files start first (the long ones), so that `npm test` on two
 * cores ends with both workers busy rather than one long file alone.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The file that runs longest: the whole bench in its quick mode, one test. */
const LONGEST = "test/bench.test.ts";

/** Whether a test file's source drives Chromium: it imports playwright-core or the launch helper. */
export function drivesChromium(source: string): boolean {
  return /^import [^;]*from "(playwright-core|[./]*\/(studio\/)?browser-launch\.js)";$/m.test(
    source,
  );
}

/** Every test file of the repository at `root`, relative, with `/`, sorted. */
export function allTestFiles(root: string): string[] {
  return readdirSync(join(root, "test"), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".test.ts"))
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join("/"))
    .sort();
}

/** The test files under `root` (the repository) that drive Chromium: the `chromium` project. */
export function chromiumTestFiles(root: string): string[] {
  return allTestFiles(root).filter((file) =>
    drivesChromium(readFileSync(join(root, file), "utf8")),
  );
}

/**
 * The files that share their worker's modules (`isolate: false`): every
 * file but the ones that drive Chromium and the bench (which only starts a
 * process). A worker imports a module once for all the files it runs; no
 * file changes a global without restoring it in `afterEach`.
 */
export function sharedTestFiles(root: string): string[] {
  const chromium = new Set(chromiumTestFiles(root));
  return allTestFiles(root).filter((file) => file !== LONGEST && !chromium.has(file));
}

/**
 * The order files start in: the bench first, then the files that drive
 * Chromium, then the other isolated files, then the shared ones (their
 * worker is reused only while the next file in the queue shares too). Within a
 * tier, vitest's own order: the last run's failures and then its longest
 * files first when it recorded them (node_modules/.vite/vitest), else the
 * largest files first.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const rank = new Map(base.map((spec) => [spec, tier(spec)]));
    return base
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank.get(a.spec)! - rank.get(b.spec)! || a.i - b.i)
      .map(({ spec }) => spec);
  }
}

function tier(spec: TestSpecification): number {
  const file = relative(spec.project.config.root, spec.moduleId).split(sep).join("/");
  return startTier(file, spec.project.config.isolate !== false, () =>
    readFileSync(spec.moduleId, "utf8"),
  );
}

/**
 * A file's tier in the start order (lower starts first): 0 the bench, 1 a
 * file that drives Chromium (their project shares its worker's modules too,
 * decision 378), 2 another isolated file, 3 a shared one. `file` is
 * relative to the repository, with `/`.
 */
export function startTier(file: string, isolated: boolean, source: () => string): number {
  if (file === LONGEST) return 0;
  if (drivesChromium(source())) return 1;
  return isolated ? 2 : 3;
}
