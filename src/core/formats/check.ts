/**
 * Checking one file of any registered format: recognise it, read it with its
 * format's reader, and return the findings as a one-file report plus the
 * summary. Never throws; an unknown format is a finding (FMT001) that says
 * what the content looks like.
 */
import { type Diagnostic, hasErrors, type LocatedDiagnostic } from "../diagnostics.js";
import { type FileReport, locateReport } from "../report.js";
import { FORMAT } from "./codes.js";
import type { AnyFormat, FormatReadContext } from "./descriptor.js";
import { type FormatRegistry, formatFileName, formatPhrase, HEAD_BYTES } from "./registry.js";
import { describeContent, looksLikeText, TEXT_PROBE_BYTES } from "./sniff.js";

/** The outcome of {@link checkFile}. */
export interface FileCheck {
  /** The recognised format (absent when unknown). */
  readonly format?: AnyFormat;
  /** The encoding the content turned out to be, when the format has several. */
  readonly variant?: string;
  /** The file's findings (FMT codes included), offsets into `text` or bytes. */
  readonly report: FileReport;
  /** The model the reader produced, when it produced one. */
  readonly model?: unknown;
  /** The format's summary of the model. */
  readonly summary?: unknown;
  /** Findings in the companion files the file names (a `.pvd`'s data sets), one report per file with findings. */
  readonly related?: readonly FileReport[];
}

/** The names of the known formats, e.g. `.amx, CAD_Matrixes.dat, .agr`. */
function knownNames(registry: FormatRegistry): string {
  return registry.formats.flatMap((f) => [...(f.fileNames ?? []), ...f.extensions]).join(", ");
}

/**
 * Checks the file named `file` with content `bytes` against the formats of
 * `registry`; `context.read` lets a format read the companions the file names.
 */
export async function checkFile(
  registry: FormatRegistry,
  bytes: Uint8Array,
  file: string,
  context: FormatReadContext = {},
): Promise<FileCheck> {
  const head = bytes.subarray(0, HEAD_BYTES);
  // Whether the file is text, and what it looks like, is decided on a longer probe.
  const probe = bytes.subarray(0, TEXT_PROBE_BYTES);
  const found = registry.recognise(file, head);
  if (!found) {
    const d: Diagnostic = {
      code: FORMAT.unknown.code,
      severity: FORMAT.unknown.severity,
      message: `not a known format: it looks like ${describeContent(probe)} (known: ${knownNames(registry)})`,
      start: 0,
      end: 0,
    };
    return { report: { file, diagnostics: [d] } };
  }
  const { format } = found;
  if (found.by === "name" && !format.binaryWithoutMagic && !looksLikeText(probe)) {
    const d: Diagnostic = {
      code: FORMAT.notThisFormat.code,
      severity: FORMAT.notThisFormat.severity,
      message: `the name says ${formatPhrase(format)}, but this is ${describeContent(probe)}; not read`,
      args: { named: formatFileName(format) },
      start: 0,
      end: 0,
    };
    return { report: { file, diagnostics: [d] } };
  }
  const notes: Diagnostic[] = [];
  if (found.nameSays) {
    notes.push({
      code: FORMAT.nameMismatch.code,
      severity: FORMAT.nameMismatch.severity,
      message: `the name says ${formatPhrase(found.nameSays)}, but this is ${formatPhrase(format, found.variant)}; read as such`,
      args: { named: formatFileName(found.nameSays), found: formatFileName(format) },
      start: 0,
      end: 0,
    });
  }
  try {
    const r = await format.read(bytes, file, context);
    const related = r.related?.filter((x) => x.diagnostics.length > 0) ?? [];
    const variant = r.variant ?? found.variant;
    const summary = r.model === undefined ? undefined : format.summary(r.model);
    return {
      format,
      ...(variant === undefined ? {} : { variant }),
      report: {
        file,
        text: r.text,
        ...(r.textBytes ? { textBytes: r.textBytes } : {}),
        diagnostics: [...notes, ...r.diagnostics],
      },
      ...(r.model === undefined ? {} : { model: r.model }),
      ...(summary === undefined ? {} : { summary }),
      ...(related.length > 0 ? { related } : {}),
    };
  } catch (e) {
    notes.push({
      code: FORMAT.readerFailed.code,
      severity: FORMAT.readerFailed.severity,
      message: `the ${format.id} reader failed: ${e instanceof Error ? e.message : String(e)}`,
      start: 0,
      end: 0,
    });
    return { format, report: { file, diagnostics: notes } };
  }
}

/** The report of a file that could not be read at all (FMT003), e.g. missing. */
export function unreadableReport(file: string, reason: string): FileReport {
  return {
    file,
    diagnostics: [
      {
        code: FORMAT.unreadable.code,
        severity: FORMAT.unreadable.severity,
        message: `cannot read '${file}': ${reason}`,
        args: { file },
        start: 0,
        end: 0,
      },
    ],
  };
}

/** Counts and located findings of a check, as the studio and `--json` show them. */
export interface CheckVerdict {
  readonly ok: boolean;
  readonly errors: number;
  readonly warnings: number;
  readonly diagnostics: LocatedDiagnostic[];
}

/** The file's report and its companions' (those with findings), in that order. */
export function checkReports(check: FileCheck): FileReport[] {
  return [check.report, ...(check.related ?? [])];
}

/** The verdict of one file's check: its findings and its companions'. */
export function checkVerdict(check: FileCheck): CheckVerdict {
  const reports = checkReports(check);
  const diagnostics = locateReport(reports);
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.filter((d) => d.severity === "warning").length;
  const ok = !reports.some((r) => hasErrors(r.diagnostics));
  return { ok, errors, warnings, diagnostics };
}
