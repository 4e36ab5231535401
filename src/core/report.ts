/** Diagnostics of several files, printed in compiler style or as the `--json` contract. */
import {
  type Diagnostic,
  formatDiagnostics,
  hasErrors,
  type LocatedDiagnostic,
  locate,
} from "./diagnostics.js";

/** The diagnostics of one file and its text (absent for binary files). */
export interface FileReport {
  /** File name as shown to the user. */
  readonly file: string;
  readonly text?: string | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** All diagnostics of a report, located (1-based line/column), file by file. */
export function locateReport(report: readonly FileReport[]): LocatedDiagnostic[] {
  return report.flatMap((r) =>
    locate(r.diagnostics, r.text === undefined ? { file: r.file } : { file: r.file, text: r.text }),
  );
}

/** Whether any file of the report has an error. */
export function reportHasErrors(report: readonly FileReport[]): boolean {
  return report.some((r) => hasErrors(r.diagnostics));
}

/** The `--json` shape of checking commands: `{"ok":…,"diagnostics":[…]}`. */
export function reportJson(report: readonly FileReport[]): {
  ok: boolean;
  diagnostics: LocatedDiagnostic[];
} {
  return { ok: !reportHasErrors(report), diagnostics: locateReport(report) };
}

/** Compiler-style text of a report (source line and caret under each finding). */
export function formatReport(report: readonly FileReport[]): string {
  return report
    .map((r) =>
      formatDiagnostics(
        r.diagnostics,
        r.text === undefined ? { file: r.file } : { file: r.file, text: r.text },
      ),
    )
    .join("");
}

/** A one-line count such as `2 errors, 1 warning`. */
export function summarize(report: readonly FileReport[]): string {
  let errors = 0;
  let warnings = 0;
  for (const r of report) {
    for (const d of r.diagnostics) {
      if (d.severity === "error") errors++;
      else if (d.severity === "warning") warnings++;
    }
  }
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;
  return `${plural(errors, "error")}, ${plural(warnings, "warning")}`;
}

/** Diagnostics that belong to no file (about command-line options): `deforma: error CODE: message`. */
export function formatPlain(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.map((d) => `deforma: ${d.severity} ${d.code}: ${d.message}\n`).join("");
}
