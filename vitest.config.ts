import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    // One test file per core. Vitest's default (cores − 1, keeping a core for
    // its main process, which mostly waits) ran every file one after another
    // on a 2-core machine; many files wait on Chromium or child processes, and
    // a second worker uses the core they leave.
    maxWorkers: availableParallelism(),
  },
});
