/**
 * Diagnostics are data, not exceptions: every parser and checker reports what
 * it found through a {@link DiagnosticSink} and returns what it could read.
 */
import { escapeControls } from "./control-chars.js";
import { type MessageArgs, type MessageInput, messageParts } from "./message.js";

/** How serious a diagnostic is; `error` makes a check fail (exit code 1). */
export type Severity = "error" | "warning" | "info";

/**
 * One finding about a source text or byte buffer. `start`/`end` are offsets
 * (UTF-16 code units into the text for text sources, bytes for binary ones);
 * line and column are computed from them only when the finding is located.
 */
export interface Diagnostic<C extends string = string> {
  /** Stable code such as `AMX010`; listed in `docs/formats/diagnostics.md`. */
  readonly code: C;
  readonly severity: Severity;
  /** What was found and what was expected, in one sentence. */
  readonly message: string;
  /** The values the message names (`{frame: "smile"}`), for translations; absent when it names none. */
  readonly args?: MessageArgs;
  /** Offset of the first offending character (0-based). */
  readonly start: number;
  /** Offset just past the offending range (0-based, `>= start`). */
  readonly end: number;
}

/** A diagnostic resolved against its file: 1-based line and column, as printed and in `--json`. */
export interface LocatedDiagnostic {
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  /** The values the message names, as on {@link Diagnostic}. */
  readonly args?: MessageArgs;
  /** File name as the user gave it (or as it was found next to another file). */
  readonly file: string;
  /** 1-based line. For binary sources this is always 1. */
  readonly line: number;
  /** 1-based column (UTF-16 code units); for binary sources, byte offset + 1. */
  readonly column: number;
}

/**
 * A diagnostic code's entry in its format's code table: the code, its fixed
 * severity and a one-line summary (the docs table is generated from these).
 */
export interface DiagnosticKind<C extends string = string> {
  readonly code: C;
  readonly severity: Severity;
  readonly summary: string;
  /** The names of the arguments its messages carry (what a translation's `{name}` may use). */
  readonly args?: readonly string[];
}

/** A format's table of diagnostic kinds, keyed by a descriptive name. */
export type DiagnosticTable = Readonly<Record<string, DiagnosticKind>>;

/** The kinds of a code table (`KindOf<typeof AMX>`): what its readers may report. */
export type KindOf<T extends DiagnosticTable> = T[keyof T];

/** FMT007's code: findings past a sink's cap, counted (any {@link DiagnosticSink} may add it). */
export type CappedCode = typeof FINDINGS_CAPPED.code;
/** A reader's codes: its table's (`CodeOf<typeof AMX>` is `"AMX001" | …`) and FMT007 (decision 297). */
export type CodeOf<T extends DiagnosticTable> = KindOf<T>["code"] | CappedCode;

/** A `[start, end)` offset range in a source (UTF-16 code units for text, bytes for binary). */
export type Span = readonly [start: number, end: number];

/**
 * Anything diagnostics can be reported to: a sink, or a reader that caps its
 * errors. `K` narrows what may be reported to one format's kinds.
 */
export interface Reporter<K extends DiagnosticKind = DiagnosticKind> {
  /** Reports a diagnostic of a known kind over `[start, end)`; the message may name arguments (`msg`). */
  report(kind: K, message: MessageInput, start: number, end?: number): void;
}

/** Collects diagnostics in order, each of a kind from a code table (decision 254: capped per code). */
export class DiagnosticSink<K extends DiagnosticKind = DiagnosticKind> implements Reporter<K> {
  readonly items: Diagnostic<K["code"] | CappedCode>[] = [];
  /** Findings reported of each code, kept or not. */
  readonly #tally = new Map<string, number>();

  /** `perCode`: findings kept of one code; past it they are counted in one FMT007 (decision 254). */
  constructor(private readonly perCode: number = FINDINGS_PER_CODE) {}

  /** Records a diagnostic of a known kind over `[start, end)` (past the cap: {@link omit}). */
  report(kind: K, message: MessageInput, start: number, end: number = start): void {
    if (!this.accepts(kind)) {
      this.omit(kind, start, end);
      return;
    }
    this.#tally.set(kind.code, (this.#tally.get(kind.code) ?? 0) + 1);
    const { text, args } = messageParts(message);
    this.items.push({
      code: kind.code,
      severity: kind.severity,
      message: text,
      ...(Object.keys(args).length > 0 ? { args } : {}),
      start,
      end: Math.max(start, end),
    });
  }

  /** Whether a finding of `kind` would be kept (else build no message: {@link omit} it). */
  accepts(kind: K): boolean {
    return (this.#tally.get(kind.code) ?? 0) < this.perCode;
  }

  /** Counts a finding of `kind` past the cap: the first makes one FMT007 there, the rest count in it. */
  omit(kind: K, start: number, end: number = start): void {
    const n = (this.#tally.get(kind.code) ?? 0) + 1;
    this.#tally.set(kind.code, n);
    if (n !== this.perCode + 1) return;
    const [code, kept, tally] = [kind.code, this.perCode, this.#tally];
    const more = () => (tally.get(code) ?? kept) - kept;
    this.items.push({
      code: FINDINGS_CAPPED.code,
      severity: FINDINGS_CAPPED.severity,
      get message() {
        return `${more()} more ${code} findings are not listed (only the first ${kept} of a code are kept)`;
      },
      get args() {
        return { code, count: more(), kept };
      },
      start,
      end: Math.max(start, end),
    });
  }
}

/** Findings of one code a {@link DiagnosticSink} keeps by default (decision 254). */
export const FINDINGS_PER_CODE = 1000;

/** FMT007: the findings of one code past {@link FINDINGS_PER_CODE}, counted (the format registry's table lists it). */
export const FINDINGS_CAPPED = {
  code: "FMT007",
  args: ["code", "count", "kept"],
  severity: "warning",
  summary:
    "more findings of one code than a reader keeps (1,000): the first are listed, the rest counted in this one, at the first not listed",
} as const satisfies DiagnosticKind;

/** The diagnostics ordered by source position (stable: equal positions keep their order). */
export function sortBySource<T extends Diagnostic>(diagnostics: T[]): T[] {
  return diagnostics
    .map((d, i) => [d, i] as const)
    .sort((a, b) => a[0].start - b[0].start || a[1] - b[1])
    .map(([d]) => d);
}

/** Whether any of the diagnostics is an error. */
export function hasErrors(diagnostics: readonly { severity: Severity }[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/**
 * Maps offsets to 1-based line and column by binary search over line starts.
 * A line ends at LF, CR LF or a lone CR.
 */
export class LineCounter implements Lines {
  private readonly starts: number[] = [0];
  /** Where each line's break begins (the text's length for the last line). */
  private readonly ends: number[] = [];

  constructor(readonly text: string) {
    const n = text.length;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        this.ends.push(i);
        this.starts.push(i + 1);
      } else if (c === 13) {
        this.ends.push(i);
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      }
    }
    this.ends.push(n);
  }

  /** How many lines the text has (a final line break starts an empty last line). */
  get lineCount(): number {
    return this.starts.length;
  }

  /** 1-based line and column of an offset (clamped to the text). */
  position(offset: number): { line: number; column: number } {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - this.starts[lo]! + 1 };
  }

  /** The text of a 1-based line, without its line break. */
  lineText(line: number): string {
    const s = this.starts[line - 1];
    if (s === undefined) return "";
    return this.text.slice(s, this.ends[line - 1]);
  }

  /**
   * The source excerpt of {@link sourceExcerpt} for a 1-based line and
   * column, in time independent of the line's length (only the shown window
   * is sliced), so a one-line file with many findings stays linear.
   */
  excerpt(line: number, column: number, length: number): string {
    const s = this.starts[line - 1];
    if (s === undefined) return sourceExcerpt("", column, length);
    const e = this.ends[line - 1]!;
    if (e - s <= MAX_SHOWN_LINE) return sourceExcerpt(this.text.slice(s, e), column, length);
    const from = Math.max(0, column - 1 - MAX_SHOWN_LINE / 2);
    const window = this.text.slice(s + from, Math.min(e, s + from + MAX_SHOWN_LINE));
    return drawExcerpt(window, from, column, length);
  }
}

/** Line and column of offsets, and the excerpt under one: what a text source gives its findings. */
export interface Lines {
  /** 1-based line and column of an offset (clamped to the source). */
  position(offset: number): { line: number; column: number };
  /** The source excerpt of {@link sourceExcerpt} for a 1-based line and column. */
  excerpt(line: number, column: number, length: number): string;
}

/**
 * Lines of a UTF-8 text too long for one string (a text `.agr` of gigabytes),
 * its findings' offsets being bytes. Nothing is indexed up front: a position
 * is found by scanning forward from the last one asked for (from the start
 * when asked for an earlier one), so positions asked in source order cost one
 * pass over the bytes up to the last. Lines end as in {@link LineCounter};
 * columns count characters (UTF-8 sequences), as a column of the decoded text
 * would outside the astral planes.
 */
export class ByteLines implements Lines {
  private at = 0;
  private line = 1;
  private lineStart = 0;

  constructor(readonly bytes: Uint8Array) {}

  position(offset: number): { line: number; column: number } {
    const b = this.bytes;
    const o = Math.max(0, Math.min(offset, b.length));
    if (o < this.at) {
      this.at = 0;
      this.line = 1;
      this.lineStart = 0;
    }
    let i = this.at;
    while (i < o) {
      const c = b[i++]!;
      if (c === 10 || (c === 13 && b[i] !== 10)) {
        this.line++;
        this.lineStart = i;
      }
    }
    // An offset on the LF of a CR LF belongs to the line the CR ends.
    this.at = o;
    return { line: this.line, column: this.characters(this.lineStart, o) + 1 };
  }

  excerpt(line: number, column: number, length: number): string {
    // Only called right after position() of the same finding: the line starts at lineStart.
    const b = this.bytes;
    if (line !== this.line) return sourceExcerpt("", column, length);
    let end = this.lineStart;
    const limit = Math.min(b.length, this.at + 4 * MAX_SHOWN_LINE);
    while (end < limit && b[end] !== 10 && b[end] !== 13) end++;
    // The window: from about half a shown line before the column, in characters.
    const from = Math.max(0, column - 1 - MAX_SHOWN_LINE / 2);
    let start = this.lineStart;
    for (let skipped = 0; skipped < from && start < end; start++) {
      if ((b[start]! & 0xc0) !== 0x80) skipped++;
    }
    while (start < end && (b[start]! & 0xc0) === 0x80) start++;
    const window = new TextDecoder().decode(b.subarray(start, end)).slice(0, MAX_SHOWN_LINE);
    return from === 0 && end - this.lineStart <= MAX_SHOWN_LINE
      ? sourceExcerpt(window, column, length)
      : drawExcerpt(window, from, column, length);
  }

  /** Characters (UTF-8 sequences) in bytes [from, to). */
  private characters(from: number, to: number): number {
    const b = this.bytes;
    let n = 0;
    for (let i = from; i < to; i++) if ((b[i]! & 0xc0) !== 0x80) n++;
    return n;
  }
}

/**
 * A source the diagnostics refer to: its display name and its text
 * (line/column computed from offsets), or the bytes of a text too long for
 * one string (offsets are bytes; see {@link ByteLines}), or neither (a binary
 * source: line 1, column = byte offset + 1).
 */
export interface Source {
  readonly file: string;
  readonly text?: string;
  readonly textBytes?: Uint8Array;
}

/** The lines of a source: of its text, of its text's bytes, or none (binary). */
export function sourceLines(source: Source): Lines | undefined {
  if (source.text !== undefined) return new LineCounter(source.text);
  return source.textBytes === undefined ? undefined : new ByteLines(source.textBytes);
}

/** Resolves offset diagnostics against their source into 1-based positions. */
export function locate(diagnostics: readonly Diagnostic[], source: Source): LocatedDiagnostic[] {
  const counter = sourceLines(source);
  return diagnostics.map((d) => {
    const pos = counter ? counter.position(d.start) : { line: 1, column: d.start + 1 };
    return {
      severity: d.severity,
      code: d.code,
      message: d.message,
      ...(d.args ? { args: d.args } : {}),
      file: source.file,
      line: pos.line,
      column: pos.column,
    };
  });
}

/** The head line `file:line:col: severity CODE: message` (control characters escaped). */
function headLine(
  file: string,
  line: number,
  column: number,
  d: Pick<Diagnostic, "severity" | "code" | "message">,
): string {
  return escapeControls(`${file}:${line}:${column}: ${d.severity} ${d.code}: ${d.message}`);
}

/**
 * Prints diagnostics in compiler style:
 * `file:line:col: error AMX010: message`, then the source line and a caret
 * under the offending range (text sources only). Control characters from the
 * file (names, messages, source lines) are shown as `\xNN` escapes, never raw.
 */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], source: Source): string {
  const lines = sourceLines(source);
  let out = "";
  for (const d of diagnostics) out += formatDiagnostic(d, source.file, lines);
  return out;
}

/**
 * One diagnostic as {@link formatDiagnostics} prints it, against the
 * `lines` of its text source (made once per source; absent for a binary one).
 */
export function formatDiagnostic(d: Diagnostic, file: string, lines?: Lines): string {
  if (!lines) return `${headLine(file, 1, d.start + 1, d)} (byte ${d.start})\n`;
  const { line, column } = lines.position(d.start);
  return `${headLine(file, line, column, d)}\n${lines.excerpt(line, column, d.end - d.start)}`;
}

/** Formats already-located diagnostics (no source text at hand): one line each. */
export function formatLocated(diagnostics: readonly LocatedDiagnostic[]): string {
  return diagnostics.map((d) => `${headLine(d.file, d.line, d.column, d)}\n`).join("");
}

const MAX_SHOWN_LINE = 160;

/**
 * A source line and a caret under `length` characters from 1-based `column`,
 * each line indented by two spaces and ending in a line break: long lines are
 * shown as a window around the column, tabs as spaces, control characters as
 * `\xNN` escapes (the caret stays under what it points at).
 */
export function sourceExcerpt(lineText: string, column: number, length: number): string {
  // Long lines (a whole file flattened on one line) are shown as a window around the column.
  if (lineText.length <= MAX_SHOWN_LINE) return drawExcerpt(lineText, 0, column, length);
  const from = Math.max(0, column - 1 - MAX_SHOWN_LINE / 2);
  return drawExcerpt(lineText.slice(from, from + MAX_SHOWN_LINE), from, column, length);
}

/** Draws the excerpt of a window of a line that starts `from` characters into it. */
function drawExcerpt(window: string, from: number, column: number, length: number): string {
  let shown = (from > 0 ? "…" : "") + window;
  const col = column - from + (from > 0 ? 1 : 0);
  shown = shown.replace(/\t/g, " ");
  const at = Math.max(0, col - 1);
  const width = Math.max(1, Math.min(length, shown.length - at));
  const before = escapeControls(shown.slice(0, at));
  const under = escapeControls(shown.slice(at, at + width));
  const after = escapeControls(shown.slice(at + width));
  const pad = " ".repeat(before.length + Math.max(0, at - shown.length));
  return `  ${before}${under}${after}\n  ${pad}${"^".repeat(Math.max(1, under.length))}\n`;
}
