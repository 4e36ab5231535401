import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { chromiumTestFiles, LongestFirst, sharedTestFiles } from "./test/suite-order.js";

const ROOT = fileURLToPath(new URL(".", import.meta.url));
// The files that share their worker's modules (test/suite-order.ts; decisions 374 and 377).
const SHARED = sharedTestFiles(ROOT);
// The files that drive Chromium: one Chromium for the run (decision 376).
const CHROMIUM = chromiumTestFiles(ROOT);

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // Each file's temporary folders in one folder of its own, removed at its end (decision 379).
    setupFiles: ["test/temp-root.ts"],
    // One test file per core. Vitest's default (cores − 1, keeping a core for
    // its main process, which mostly waits) ran every file one after another
    // on a 2-core machine; many files wait on Chromium or child processes, and
    // a second worker uses the core they leave.
    maxWorkers: availableParallelism(),
    // The long files first, the shared ones last (decision 375).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: { name: "shared", include: SHARED, isolate: false },
      },
      {
        extends: true,
        test: {
          name: "chromium",
          include: CHROMIUM,
          // Its files share their worker's modules as well (decision 378).
          isolate: false,
          globalSetup: ["test/studio/chromium-server.ts"],
        },
      },
      {
        // What is left: the bench, which only starts a process (and a new test folder's files).
        extends: true,
        test: {
          name: "isolated",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...SHARED, ...CHROMIUM],
        },
      },
    ],
  },
});
