import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderDiagnosticsDoc, TABLES } from "../scripts/diagnostics-doc.js";

describe("docs/formats", () => {
  it("diagnostics.md is up to date with the code tables (npx tsx scripts/diagnostics-doc.ts)", () => {
    const committed = readFileSync(
      new URL("../docs/formats/diagnostics.md", import.meta.url),
      "utf8",
    );
    expect(committed).toBe(renderDiagnosticsDoc());
  });

  it("codes are unique across tables and each format page names its codes", () => {
    const seen = new Set<string>();
    for (const { page, table } of TABLES) {
      const text = readFileSync(new URL(`../docs/formats/${page}`, import.meta.url), "utf8");
      for (const k of Object.values(table)) {
        expect(seen.has(k.code), `${k.code} declared twice`).toBe(false);
        seen.add(k.code);
        expect(text, `${page} should mention ${k.code}`).toContain(k.code);
      }
    }
  });
});
