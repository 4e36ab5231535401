/**
 * A small layer over the core {@link TokenCursor} shared by the `.agr` and
 * `.amb` text readers: expectations with diagnostics ("expected X, found Y"),
 * an error cap, and the token budget used to refuse absurd counts.
 */
import { type DiagnosticKind, DiagnosticSink, NumberForm, TokenCursor } from "../../core/index.js";
import { shown } from "./binary-kit.js";

/** The diagnostic kinds a text reader needs from its format's code table. */
export interface TextCodes {
  readonly unexpectedEnd: DiagnosticKind;
  readonly expectedKeyword: DiagnosticKind;
  readonly badInteger: DiagnosticKind;
  readonly badReal: DiagnosticKind;
  readonly tooManyErrors: DiagnosticKind;
}

/** Anything diagnostics can be reported to (a sink or a capped reader). */
export interface Reporter {
  report(kind: DiagnosticKind, message: string, start: number, end?: number): void;
}

/** Errors after which a text reader gives up (one more diagnostic says so). */
export const MAX_ERRORS = 100;

/** Token cursor plus diagnostics; every method reports its own failure. */
export class TextReader implements Reporter {
  readonly cur: TokenCursor;
  readonly sink = new DiagnosticSink();
  /** True once {@link MAX_ERRORS} errors were reported: the reader must stop. */
  stopped = false;
  private errors = 0;

  constructor(
    readonly text: string,
    readonly codes: TextCodes,
  ) {
    this.cur = new TokenCursor(text);
  }

  /** Reports a diagnostic unless the error cap was reached. */
  report(kind: DiagnosticKind, message: string, start: number, end: number = start): void {
    if (this.stopped) return;
    if (kind.severity === "error" && ++this.errors > MAX_ERRORS) {
      this.sink.report(
        this.codes.tooManyErrors,
        `stopped reading after ${MAX_ERRORS} errors`,
        start,
        end,
      );
      this.stopped = true;
      return;
    }
    this.sink.report(kind, message, start, end);
  }

  /** The current token for messages, shortened. */
  found(): string {
    return `'${shown(this.cur.token())}'`;
  }

  /** Reports `expected <what>, found end of file` at the end of the text. */
  endOfFile(what: string): void {
    const n = this.text.length;
    this.report(this.codes.unexpectedEnd, `expected ${what}, found end of file`, n, n);
  }

  /** Advances to the next token; at end of file reports that `what` was expected. */
  need(what: string): boolean {
    if (this.cur.next()) return true;
    this.endOfFile(what);
    return false;
  }

  /** Reads the keyword `word`; false (reported) when missing. */
  keyword(word: string, context = ""): boolean {
    if (!this.need(`'${word}'${context}`)) return false;
    if (this.cur.is(word)) return true;
    this.report(
      this.codes.expectedKeyword,
      `expected '${word}'${context}, found ${this.found()}`,
      this.cur.start,
      this.cur.end,
    );
    return false;
  }

  /** Reads an unsigned integer (digits only, < 2³²); -1 (reported) when missing or malformed. */
  uint(what: string): number {
    if (!this.need(what)) return -1;
    return this.currentUint(what);
  }

  /** The current token as an unsigned integer; -1 (reported) when malformed. */
  currentUint(what: string): number {
    const c = this.cur;
    if (c.form() === NumberForm.Integer) {
      const v = c.number();
      if (v <= 0xffffffff) return v;
    }
    this.report(
      this.codes.badInteger,
      `expected ${what} (an unsigned integer below 2^32), found ${this.found()}`,
      c.start,
      c.end,
    );
    return -1;
  }

  /** Reads a finite real; NaN (reported) when missing or malformed. */
  real(what: string): number {
    if (!this.need(what)) return Number.NaN;
    const v = this.cur.number();
    if (Number.isFinite(v)) return v;
    this.badReal(what, "real");
    return Number.NaN;
  }

  /** Reports the current token as a bad `kind` ("real" or "float32") number. */
  badReal(what: string, kind: "real" | "float32"): void {
    const c = this.cur;
    const isNumber = c.form() !== NumberForm.None;
    const why = isNumber ? `out of ${kind === "float32" ? "float32" : "float64"} range` : "";
    this.report(
      this.codes.badReal,
      isNumber
        ? `expected ${what} (a finite real), found ${this.found()}, ${why}`
        : `expected ${what} (a finite real), found ${this.found()}`,
      c.start,
      c.end,
    );
  }

  /** Upper bound on the tokens left after the current one (each needs a character and a separator). */
  tokenBudget(): number {
    return Math.ceil((this.text.length - this.cur.mark()) / 2);
  }

  /**
   * Checks that `count` items of at least `tokensEach` tokens can still fit;
   * otherwise reports the count as promising more than the file has (at end of file).
   */
  fits(count: number, tokensEach: number, what: string): boolean {
    if (count * tokensEach <= this.tokenBudget()) return true;
    const n = this.text.length;
    this.report(
      this.codes.unexpectedEnd,
      `the file ends before the ${count} ${what} it promises (at most ${this.tokenBudget()} more tokens fit)`,
      n,
      n,
    );
    return false;
  }

  /** Checks that only whitespace remains, else reports the first extra token. */
  expectEnd(kind: DiagnosticKind, after: string): void {
    if (this.stopped || !this.cur.next()) return;
    this.report(
      kind,
      `expected end of file after ${after}, found ${this.found()}`,
      this.cur.start,
      this.cur.end,
    );
  }

  /** Checks that the text ends with a line break (reported at the end of the text). */
  expectFinalNewline(kind: DiagnosticKind): void {
    const t = this.text;
    const last = t.charCodeAt(t.length - 1);
    if (last === 10 || last === 13) return;
    this.sink.report(kind, "expected a line break at the end of the file, found none", t.length);
  }
}
