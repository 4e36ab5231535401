/**
 * Renders docs/formats/diagnostics.md from the format registry: every
 * registered format's code tables, grouped per format with a link to its
 * page, then the registry's own codes. `npx tsx scripts/diagnostics-doc.ts`
 * rewrites the file; a test fails when it is out of date.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { DiagnosticKind, DiagnosticTable } from "../src/core/diagnostics.js";
import { type AnyFormat, FORMAT, type FormatRegistry } from "../src/core/formats/index.js";
import { FORMATS } from "../src/formats.js";

/** One section of the page: a title, the page it links to (under docs/formats/) and a code table. */
export interface DocSection {
  readonly title: string;
  /** The format's page under docs/formats/, absent for the registry's own codes. */
  readonly page?: string;
  readonly table: DiagnosticTable;
}

/** How a format is named in a title: "Mesh animation (`*.agr`)". */
function formatTitle(f: AnyFormat): string {
  const names = [...(f.fileNames ?? []), ...f.extensions.map((e) => `*${e}`)];
  const label = f.label.charAt(0).toUpperCase() + f.label.slice(1);
  return `${label} (${names.map((n) => `\`${n}\``).join(", ")})`;
}

/** The sections of the page for `registry`: one per code table, in registration order, then FMT. */
export function docSections(registry: FormatRegistry = FORMATS): DocSection[] {
  const sections: DocSection[] = registry.codeTables().map(({ table, formats }) => ({
    title: formats.map(formatTitle).join(" and "),
    page: formats[0]!.docsPage,
    table,
  }));
  sections.push({ title: "Any file (`deforma check`, the studio's file list)", table: FORMAT });
  return sections;
}

/** The Markdown text of docs/formats/diagnostics.md for `registry` (default: every known format). */
export function renderDiagnosticsDoc(registry: FormatRegistry = FORMATS): string {
  const out = [
    "# Diagnostic codes",
    "",
    "Generated from the format registry (`src/formats.ts`) by `npx tsx scripts/diagnostics-doc.ts`; do not edit by hand.",
    "",
    "Every diagnostic has a stable code, a severity (fixed per code), a message and a",
    "position: 1-based line and column in text files; in binary files line 1 and",
    "column = byte offset + 1 (the message also names the byte). `error` makes a",
    "checking command exit with 1 and `ok` false in `--json`; `warning` does not.",
    "A diagnostic whose message names values also carries them as `args` (in",
    "`--json`, beside the unchanged English `message`); the names a code may carry",
    "follow its meaning (args: …), and translations fill their `{name}` placeholders from them.",
    "",
  ];
  for (const { title, page, table } of docSections(registry)) {
    out.push(`## ${title}`, "");
    if (page) out.push(`Format: [${page}](${page}).`, "");
    out.push("| code | severity | meaning |", "|---|---|---|");
    const kinds = Object.values(table).sort((a, b) => a.code.localeCompare(b.code));
    for (const k of kinds)
      out.push(`| ${k.code} | ${k.severity} | ${meaning(k).replace(/\|/g, "\\|")} |`);
    out.push("");
  }
  return out.join("\n");
}

/** A code's meaning as the table shows it: its summary, then the names of its arguments. */
function meaning(k: DiagnosticKind): string {
  const names = k.args?.length ? ` (args: ${k.args.map((a) => `\`${a}\``).join(", ")})` : "";
  return `${k.summary}${names}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const target = fileURLToPath(new URL("../docs/formats/diagnostics.md", import.meta.url));
  writeFileSync(target, renderDiagnosticsDoc());
  console.log(`wrote ${target}`);
}
