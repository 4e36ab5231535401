import { describe, expect, it } from "vitest";
import { docSections } from "../../scripts/diagnostics-doc.js";
import { FORMATS } from "../../src/formats.js";
import { diagnosticMessage } from "../../web/src/i18n/diagnostics.js";
import { DIAGNOSTICS_RU } from "../../web/src/i18n/diagnostics-ru.js";
import { FORMAT_LABELS_RU, formatLabel } from "../../web/src/i18n/formats.js";

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

describe("Russian format names", () => {
  it("every format of the registry has one; a format without one shows its own label", () => {
    expect(FORMATS.formats.filter((f) => !FORMAT_LABELS_RU[f.id]).map((f) => f.id)).toEqual([]);
    expect(Object.keys(FORMAT_LABELS_RU).filter((id) => !FORMATS.byId(id))).toEqual([]);
    expect(formatLabel({ id: "amb", label: "MBS animation" }, "ru")).toBe("MBS-анимация");
    expect(formatLabel({ id: "toy", label: "toy lines" }, "ru")).toBe("toy lines");
    expect(formatLabel({ id: "amb", label: "MBS animation" }, "en")).toBe("MBS animation");
  });
});
