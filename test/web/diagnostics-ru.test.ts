import { describe, expect, it } from "vitest";
import { docSections } from "../../scripts/diagnostics-doc.js";
import { diagnosticMessage } from "../../web/src/i18n/diagnostics.js";
import { DIAGNOSTICS_RU } from "../../web/src/i18n/diagnostics-ru.js";

describe("Russian diagnostic messages", () => {
  // Every code the registry's formats and the registry itself report (what docs/formats/diagnostics.md lists).
  const codes = docSections().flatMap((s) => Object.values(s.table).map((k) => k.code));

  it("every code of every table has a Russian template, and no template is for a code that does not exist", () => {
    expect(codes.length).toBeGreaterThan(100);
    expect(codes.filter((c) => !DIAGNOSTICS_RU[c])).toEqual([]);
    expect(Object.keys(DIAGNOSTICS_RU).filter((c) => !codes.includes(c))).toEqual([]);
  });

  it("templates are Russian sentences", () => {
    for (const [code, text] of Object.entries(DIAGNOSTICS_RU)) {
      expect(text, code).toMatch(/[А-Яа-яЁё]/);
      expect(text, code).toMatch(/[.)]$/);
    }
  });

  it("the studio shows the template in Russian and the reader's message in English", () => {
    const d = { code: "AMX013", message: "variant in use 1 is not below the variant count 1" };
    expect(diagnosticMessage(d, "ru")).toBe(DIAGNOSTICS_RU.AMX013);
    expect(diagnosticMessage(d, "en")).toBe(d.message);
    expect(diagnosticMessage({ code: "ZZZ999", message: "m" }, "ru")).toBe("m");
  });
});
