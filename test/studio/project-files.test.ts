import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listProjectFiles } from "../../src/studio/project-files.js";

describe("listProjectFiles", () => {
  // decision 169
  it("lists a numbered series and numbered folders in natural order", async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "deforma-natural-")));
    for (const k of [0, 100, 1000, 200]) writeFileSync(join(root, `pitzDaily_${k}.vtk`), "x");
    for (const k of [2, 10]) {
      mkdirSync(join(root, `step${k}`));
      writeFileSync(join(root, `step${k}`, "a.vtu"), "x");
    }
    const { files } = await listProjectFiles(root);
    expect(files.map((f) => f.path)).toEqual([
      "pitzDaily_0.vtk",
      "pitzDaily_100.vtk",
      "pitzDaily_200.vtk",
      "pitzDaily_1000.vtk",
      "step2/a.vtu",
      "step10/a.vtu",
    ]);
  });
});
