import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

// decision 379
describe("a test file's temporary folders", () => {
  it("are made inside one folder of the file's own, which the setup removes at the file's end", () => {
    const root = tmpdir();
    expect(basename(root)).toMatch(/^deforma-test-/);
    expect(existsSync(root)).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), "deforma-probe-"));
    expect(dirname(dir)).toBe(root);
  });
});
