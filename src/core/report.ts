/** Diagnostics of several files, printed in compiler style or as the `--json` contract. */
import {
  type Diagnostic,
  formatDiagnostics,
  hasErrors,
  type LocatedDiagnostic,
  locate,
  type Source,
} from "./diagnostics.js";

/** The diagnostics of one file and its text (absent for binary files). */
export interface FileReport {
  /** File name as shown to the user. */
  readonly file: string;
  readonly text?: string | undefined;
  /** The bytes of a text too long for one string (offsets are bytes; see `ByteLines`). */
  readonly textBytes?: Uint8Array | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** Most diagnostics of one code shown per file; the rest are counted in one closing line. */
export const MAX_PER_CODE = 100;

/**
 * The diagnostics of one file as shown: at most `perCode` of each code (the
 * first ones, in order), then for each code that had more, one `info`
 * diagnostic "… and N more of CODE" at the place of the last one shown.
 */
export function capDiagnostics(
  diagnostics: readonly Diagnostic[],
  perCode: number = MAX_PER_CODE,
): Diagnostic[] {
  const seen = new Map<string, number>();
  const last = new Map<string, Diagnostic>();
  const shown: Diagnostic[] = [];
  for (const d of diagnostics) {
    const n = (seen.get(d.code) ?? 0) + 1;
    seen.set(d.code, n);
    if (n <= perCode) {
      shown.push(d);
      last.set(d.code, d);
    }
  }
  for (const [code, n] of seen) {
    if (n <= perCode) continue;
    const at = last.get(code)!;
    shown.push({
      code,
      severity: "info",
      message: `… and ${n - perCode} more of ${code}`,
      start: at.start,
      end: at.start,
    });
  }
  return shown;
}

/** All diagnostics of a report as shown (capped per code), located (1-based line/column), file by file. */
export function locateReport(report: readonly FileReport[]): LocatedDiagnostic[] {
  return report.flatMap((r) => locate(capDiagnostics(r.diagnostics), source(r)));
}

/** The source a report's offsets refer to. */
function source(r: FileReport): Source {
  if (r.text !== undefined) return { file: r.file, text: r.text };
  return r.textBytes === undefined ? { file: r.file } : { file: r.file, textBytes: r.textBytes };
}

/** Whether any file of the report has an error. */
export function reportHasErrors(report: readonly FileReport[]): boolean {
  return report.some((r) => hasErrors(r.diagnostics));
}

/** The `--json` shape of checking commands: `{"ok":…,"diagnostics":[…]}` (`ok` judged on every finding, the list capped per code). */
export function reportJson(report: readonly FileReport[]): {
  ok: boolean;
  diagnostics: LocatedDiagnostic[];
} {
  return { ok: !reportHasErrors(report), diagnostics: locateReport(report) };
}

/** Compiler-style text of a report (source line and caret under each finding; capped per code). */
export function formatReport(report: readonly FileReport[]): string {
  return report.map((r) => formatDiagnostics(capDiagnostics(r.diagnostics), source(r))).join("");
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
