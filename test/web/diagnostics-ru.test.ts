/**
 * Russian text of the formats, read from the registry: every code has a
 * template, each placeholder is an argument its code declares and its report
 * sites supply, no template carries Markdown backticks, every format has a
 * Russian name, and a format planted with its own text needs no web edit.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { docSections } from "../../scripts/diagnostics-doc.js";
import type { DiagnosticKind } from "../../src/core/diagnostics.js";
import { FormatRegistry } from "../../src/core/formats/registry.js";
import { messageTemplate } from "../../src/core/formats/text.js";
import { placeholders } from "../../src/core/message.js";
import { FORMATS } from "../../src/formats.js";
import { diagnosticMessage, diagnosticText } from "../../web/src/i18n/diagnostics.js";
import { formatLabel, useFormatText } from "../../web/src/i18n/formats.js";

useFormatText(FORMATS);

/** Every code the registry's formats and the registry itself report (what docs/formats/diagnostics.md lists). */
const kinds = new Map<string, DiagnosticKind>(
  docSections().flatMap((s) => Object.values(s.table).map((k) => [k.code, k] as const)),
);
/** The code tables by the name sources spell them with (`AMX.noBodies`). */
const tables = new Map<string, Readonly<Record<string, DiagnosticKind>>>(
  docSections().map((s) => {
    const first = Object.values(s.table)[0]!.code.replace(/\d+$/, "");
    return [first === "FMT" ? "FORMAT" : first === "LIV" ? "LIVE" : first, s.table];
  }),
);

const ru = (code: string) => messageTemplate(FORMATS, code, "ru");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sourceFiles(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/**
 * What the report sites of `src/` say, per code: the argument names each
 * `report(TABLE.kind, msg`…`)` supplies, and whether a site passes plain text.
 */
function reportSites(): Map<string, { args: Set<string>[]; plain: number }> {
  const sites = new Map<string, { args: Set<string>[]; plain: number }>();
  const call = /report\(\s*([A-Z]+)\.(\w+),\s*(msg`(?:[^`\\]|\\.)*`|["'`])/g;
  for (const file of sourceFiles("src")) {
    for (const m of readFileSync(file, "utf8").matchAll(call)) {
      const kind = tables.get(m[1]!)?.[m[2]!];
      if (!kind) continue;
      const site = sites.get(kind.code) ?? { args: [], plain: 0 };
      if (m[3]!.startsWith("msg`")) {
        site.args.push(new Set([...m[3]!.matchAll(/\$\{\{\s*(\w+)\s*[:}]/g)].map((a) => a[1]!)));
      } else site.plain++;
      sites.set(kind.code, site);
    }
  }
  return sites;
}

describe("Russian diagnostic messages", () => {
  it("every code of every table has a Russian template, and no template is for a code that does not exist", () => {
    expect(kinds.size).toBeGreaterThan(100);
    expect([...kinds.keys()].filter((c) => !ru(c))).toEqual([]);
    const templated = [FORMATS.formats.flatMap((f) => Object.keys(f.messages?.ru ?? {}))].flat();
    expect(templated.filter((c) => !kinds.has(c))).toEqual([]);
  });

  // decision 162 (Russian, not quoted English), decision 164
  it("templates are Russian sentences without Markdown backticks", () => {
    for (const code of kinds.keys()) {
      const text = ru(code)!;
      expect(text, code).toMatch(/[А-Яа-яЁё]/);
      expect(text, code).toMatch(/[.)»]$/);
      expect(text, code).not.toContain("`");
    }
  });

  // decision 160
  it("every placeholder is an argument its code declares, and every report site of the code supplies it", () => {
    const sites = reportSites();
    expect(sites.size).toBeGreaterThan(20);
    let filled = 0;
    for (const [code, kind] of kinds) {
      const names = placeholders(ru(code)!);
      if (names.length === 0) continue;
      filled++;
      expect(
        names.filter((n) => !kind.args?.includes(n)),
        code,
      ).toEqual([]);
      const site = sites.get(code);
      expect(site?.plain ?? 0, `${code}: a site passes plain text`).toBe(0);
      for (const args of site?.args ?? [])
        expect(
          names.filter((n) => !args.has(n)),
          code,
        ).toEqual([]);
    }
    expect(filled).toBeGreaterThan(30);
    // The sites' names are declared too (so a template may rely on them).
    for (const [code, site] of sites) {
      for (const args of site.args) {
        expect(
          [...args].filter((n) => !kinds.get(code)!.args?.includes(n)),
          code,
        ).toEqual([]);
      }
    }
  });

  // decisions 161, 162: complete only with declared args; else the English beside it
  it("the studio fills a template from the diagnostic's arguments; a meaning-only template keeps the English beside it", () => {
    const d = {
      code: "AMX013",
      message: "variant in use 4 is outside 0…1 (body 7 has 2 variants; indices are 0-based)",
      args: { used: 4, last: 1, body: 7, count: 2 },
    };
    const shown = diagnosticMessage(d, "ru");
    expect(shown).toContain(" 4 ");
    expect(shown).toContain(" 7 ");
    expect(shown).toContain(": 2;");
    expect(shown).toMatch(/[А-Яа-я]/);
    expect(diagnosticText(d, "ru").complete).toBe(true);
    expect(diagnosticMessage(d, "en")).toBe(d.message);
    // Without its arguments (an older reply), the English says it all.
    expect(diagnosticMessage({ code: "AMX013", message: d.message }, "ru")).toBe(d.message);
    const meaningOnly = [...kinds.values()].find(
      (k) => placeholders(ru(k.code)!).length === 0 && k.args === undefined,
    )!.code;
    const argumentFree = [...kinds.values()].find(
      (k) => placeholders(ru(k.code)!).length === 0 && k.args?.length === 0,
    )!.code;
    // A code that declares it names nothing: its template says it all.
    expect(diagnosticText({ code: argumentFree, message: "m" }, "ru")).toEqual({
      text: ru(argumentFree),
      complete: true,
    });
    expect(diagnosticText({ code: meaningOnly, message: "m" }, "ru")).toEqual({
      text: ru(meaningOnly),
      complete: false,
    });
    expect(diagnosticMessage({ code: "ZZZ999", message: "m" }, "ru")).toBe("m");
  });
});

describe("Russian format names", () => {
  it("every format of the registry has one; a format without one shows its own label", () => {
    expect(FORMATS.formats.filter((f) => !f.labels?.ru).map((f) => f.id)).toEqual([]);
    expect(formatLabel({ id: "amb", label: "MBS animation" }, "ru")).toBe("MBS-анимация");
    expect(formatLabel({ id: "toy", label: "toy lines" }, "ru")).toBe("toy lines");
    expect(formatLabel({ id: "amb", label: "MBS animation" }, "en")).toBe("MBS animation");
  });

  // decision 163
  it("a planted format brings its own Russian name and messages, with no edit to the web app", () => {
    const toy = new FormatRegistry([
      {
        ...FORMATS.byId("amb")!,
        id: "toy",
        label: "toy lines",
        labels: { ru: "игрушечные строки" },
        messages: { ru: { TOY001: "Строка {line} пуста." } },
      },
    ]);
    useFormatText(toy);
    try {
      expect(formatLabel({ id: "toy", label: "toy lines" }, "ru")).toBe("игрушечные строки");
      const d = { code: "TOY001", message: "line 7 is empty", args: { line: 7 } };
      expect(diagnosticMessage(d, "ru")).toBe("Строка 7 пуста.");
    } finally {
      useFormatText(FORMATS);
    }
  });
});
