import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { docSections, renderDiagnosticsDoc } from "../scripts/diagnostics-doc.js";
import { FORMATS } from "../src/formats.js";

describe("docs/formats", () => {
  it("diagnostics.md is up to date with the format registry (npx tsx scripts/diagnostics-doc.ts)", () => {
    const committed = readFileSync(
      new URL("../docs/formats/diagnostics.md", import.meta.url),
      "utf8",
    );
    expect(committed).toBe(renderDiagnosticsDoc());
  });

  it("codes are unique across tables and each format page names its codes", () => {
    const seen = new Set<string>();
    for (const { page, table } of docSections()) {
      const text = page
        ? readFileSync(new URL(`../docs/formats/${page}`, import.meta.url), "utf8")
        : undefined;
      for (const k of Object.values(table)) {
        expect(seen.has(k.code), `${k.code} declared twice`).toBe(false);
        seen.add(k.code);
        if (text !== undefined) expect(text, `${page} should mention ${k.code}`).toContain(k.code);
      }
    }
  });

  it("every registered format has its page", () => {
    for (const f of FORMATS.formats) {
      expect(() =>
        readFileSync(new URL(`../docs/formats/${f.docsPage}`, import.meta.url)),
      ).not.toThrow();
    }
  });
});

describe("a format registered from outside appears in the diagnostics docs", () => {
  it("gets its own section with a link to its page and its codes", async () => {
    const { registerFormat } = await import("../src/formats.js");
    const { TOY_FORMAT } = await import("./fixtures/toy-format/format.js");
    const unregister = registerFormat(TOY_FORMAT);
    try {
      const doc = renderDiagnosticsDoc();
      expect(doc).toContain("## Toy lines (`*.toy`)\n\nFormat: [toy.md](toy.md).");
      expect(doc).toContain("| TOY001 | error | a line is not `name = number` |");
      expect(doc).toContain("| TOY002 | warning | a name is given twice |");
    } finally {
      unregister();
    }
    expect(renderDiagnosticsDoc()).not.toContain("TOY001");
  });
});
