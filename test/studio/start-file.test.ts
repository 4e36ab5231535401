import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { studioUrl } from "../../src/cli/commands/studio.js";
import { firstLoading, mixedStartFile, startOrder } from "../../src/studio/start-file.js";
import { copyDemo } from "../helpers.js";

function demoCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "deforma-start-"));
  copyDemo(dir);
  return dir;
}

describe("the studio's first file", () => {
  it("orders top level before subfolders, then by path", () => {
    expect(startOrder(["b/a.amx", "z.amx", "a.amx", "a/b/c.amx"])).toEqual([
      "a.amx",
      "z.amx",
      "b/a.amx",
      "a/b/c.amx",
    ]);
  });

  // decision 26
  it("takes the first candidate that loads, else the first, within a bounded number of tries", async () => {
    const loads = (ok: string[]) => async (p: string) => ok.includes(p);
    expect(await firstLoading(["a", "b", "c"], loads(["b", "c"]))).toBe("b");
    expect(await firstLoading(["a", "b"], loads([]))).toBe("a");
    expect(await firstLoading([], loads([]))).toBeUndefined();
    expect(await firstLoading(["a", "b", "c"], loads(["c"]), 2)).toBe("a");
  });

  it("skips a broken .amx that sorts first and opens one that loads", async () => {
    const dir = demoCopy();
    writeFileSync(join(dir, "a-broken.amx"), "this is not an amx\n");
    expect(await mixedStartFile(dir)).toBe("slider-crank.amx");
    expect(await studioUrl("http://127.0.0.1:1/", dir)).toBe(
      "http://127.0.0.1:1/#/mixed?file=slider-crank.amx",
    );
  });

  it("counts a missing companion as not loading", async () => {
    const dir = demoCopy();
    // Correct on its own, but names a mesh file that is not there.
    writeFileSync(
      join(dir, "a-lonely.amx"),
      "slider-crank.amb\n1\n3 1 0\n1 0 0 missing.agr\n1 0 0 0\n0 1 0 0\n0 0 1 0\n",
    );
    expect(await mixedStartFile(dir)).toBe("slider-crank.amx");
  });

  it("falls back to the first .amx when none loads", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deforma-start-"));
    mkdirSync(join(dir, "sub"));
    writeFileSync(join(dir, "sub", "a.amx"), "");
    writeFileSync(join(dir, "b.amx"), "broken");
    expect(await mixedStartFile(dir)).toBe("b.amx");
  });
});
