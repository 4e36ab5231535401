/**
 * Renders docs/formats/diagnostics.md from the code tables in src, so the
 * docs list exactly the codes the readers report. `npx tsx scripts/diagnostics-doc.ts`
 * rewrites the file; a test fails when it is out of date.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { DiagnosticTable } from "../src/core/diagnostics.js";
import { AGR } from "../src/mixed/agr/codes.js";
import { AMB } from "../src/mixed/amb/codes.js";
import { AMX } from "../src/mixed/amx/codes.js";
import { CAD } from "../src/mixed/cad/codes.js";
import { VTK } from "../src/mixed/vtk/codes.js";

/** Every code table, with the format it belongs to and its page. */
export const TABLES: readonly { title: string; page: string; table: DiagnosticTable }[] = [
  { title: "Mixed animation file (`*.amx`)", page: "amx.md", table: AMX },
  { title: "CAD matrices (`CAD_Matrixes.dat`)", page: "cad-matrixes.md", table: CAD },
  { title: "MBS animation (`*.amb`)", page: "amb.md", table: AMB },
  { title: "Mesh animation (`*.agr`)", page: "agr.md", table: AGR },
  { title: "VTK import (`agr from-vtk`)", page: "exports.md", table: VTK },
];

/** The Markdown text of docs/formats/diagnostics.md. */
export function renderDiagnosticsDoc(): string {
  const out = [
    "# Diagnostic codes",
    "",
    "Generated from the code tables in `src/` by `npx tsx scripts/diagnostics-doc.ts`; do not edit by hand.",
    "",
    "Every diagnostic has a stable code, a severity (fixed per code), a message and a",
    "position: 1-based line and column in text files; in binary files line 1 and",
    "column = byte offset + 1 (the message also names the byte). `error` makes a",
    "checking command exit with 1 and `ok` false in `--json`; `warning` does not.",
    "",
  ];
  for (const { title, page, table } of TABLES) {
    out.push(
      `## ${title}`,
      "",
      `Format: [${page}](${page}).`,
      "",
      "| code | severity | meaning |",
      "|---|---|---|",
    );
    const kinds = Object.values(table).sort((a, b) => a.code.localeCompare(b.code));
    for (const k of kinds)
      out.push(`| ${k.code} | ${k.severity} | ${k.summary.replace(/\|/g, "\\|")} |`);
    out.push("");
  }
  return out.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const target = fileURLToPath(new URL("../docs/formats/diagnostics.md", import.meta.url));
  writeFileSync(target, renderDiagnosticsDoc());
  console.log(`wrote ${target}`);
}
