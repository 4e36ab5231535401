/**
 * Typed reads over a {@link TokenCursor} for Deforma's text formats (`.amx`,
 * `CAD_Matrixes.dat`, the `.agr` and `.amb` text encodings): each read reports
 * a located diagnostic of the format's own kind when the token is missing or
 * has the wrong form ("expected X, found Y"), and an optional error cap stops
 * a reader drowning in a file that is not what it expects.
 */
import { type DiagnosticKind, DiagnosticSink, type Reporter, type Span } from "./diagnostics.js";
import { NumberForm, TokenCursor } from "./tokenizer.js";

/** The diagnostic kinds a {@link TokenReader} reports, from the format's code table. */
export interface TokenReaderKinds {
  /** A value was expected but the file ended, or a count promises more than the file can hold. */
  readonly endOfFile: DiagnosticKind;
  /** An integer was expected; the token is not one, or is out of the reader's range. */
  readonly notInteger: DiagnosticKind;
  /**
   * An integer was expected; the token is an integral number with sign, point
   * or exponent (`1.0`, `+1`), read with this error. Without it such a token
   * is a {@link notInteger} error and is not read.
   */
  readonly integerForm?: DiagnosticKind;
  /** A real was expected; the token is not a finite number. */
  readonly notReal: DiagnosticKind;
  /** The text does not end with an end-of-line character. */
  readonly missingFinalNewline: DiagnosticKind;
  /** A keyword is missing or misspelled; required by {@link TokenReader.keyword}. */
  readonly expectedKeyword?: DiagnosticKind;
  /** Reading stopped after {@link MAX_ERRORS} errors; without it errors are not capped. */
  readonly tooManyErrors?: DiagnosticKind;
}

/** The unsigned integers a format accepts, and how messages name them. */
export interface IntegerRange {
  /** Largest value accepted. */
  readonly max: number;
  /** The range in words, for messages ("an integer"). */
  readonly name: string;
}

/** Any unsigned integer a double holds exactly (at most 2⁵³ − 1): the reader's own limit. */
export const SAFE_INTEGERS: IntegerRange = { max: Number.MAX_SAFE_INTEGER, name: "an integer" };

/** Unsigned 32-bit integers, the range of counts and indices in the binary encodings. */
export const UINT32: IntegerRange = { max: 0xffffffff, name: "an unsigned integer below 2^32" };

/** Errors after which a reader with a `tooManyErrors` kind gives up (one more diagnostic says so). */
export const MAX_ERRORS = 100;

/** Reads tokens as keywords, integers, reals and names; every read reports its own failure. */
export class TokenReader implements Reporter {
  /** The token cursor, for format-specific look-ahead (`mark`/`restore`) and raw tokens. */
  readonly cursor: TokenCursor;
  /** All diagnostics reported so far, in reporting order. */
  readonly sink = new DiagnosticSink();
  /** True once {@link MAX_ERRORS} errors were reported (capped readers only): the reader must stop. */
  stopped = false;
  private errors = 0;

  constructor(
    readonly text: string,
    readonly kinds: TokenReaderKinds,
    readonly integers: IntegerRange = SAFE_INTEGERS,
  ) {
    this.cursor = new TokenCursor(text);
  }

  /** Reports a diagnostic, unless the error cap was reached (then says so once and stops). */
  report(kind: DiagnosticKind, message: string, start: number, end: number = start): void {
    if (this.stopped) return;
    const cap = this.kinds.tooManyErrors;
    if (cap && kind.severity === "error" && ++this.errors > MAX_ERRORS) {
      this.sink.report(cap, `stopped reading after ${MAX_ERRORS} errors`, start, end);
      this.stopped = true;
      return;
    }
    this.sink.report(kind, message, start, end);
  }

  /** Span of the current token. */
  span(): Span {
    return [this.cursor.start, this.cursor.end];
  }

  /** The current token for messages, quoted and shortened. */
  found(): string {
    return `'${clip(this.cursor.token())}'`;
  }

  /** Reports `expected <what>, found end of file` at the end of the text. */
  endOfFile(what: string): void {
    const n = this.text.length;
    this.report(this.kinds.endOfFile, `expected ${what}, found end of file`, n, n);
  }

  /** Advances to the next token; at end of file reports that `what` was expected (false). */
  need(what: string): boolean {
    if (this.cursor.next()) return true;
    this.endOfFile(what);
    return false;
  }

  /** Reads the keyword `word` (`context` is appended to the message); false (reported) when missing. */
  keyword(word: string, context = ""): boolean {
    const kind = this.kinds.expectedKeyword;
    if (!kind) throw new Error("TokenReader.keyword needs an expectedKeyword kind");
    if (!this.need(`'${word}'${context}`)) return false;
    const c = this.cursor;
    if (c.is(word)) return true;
    this.report(kind, `expected '${word}'${context}, found ${this.found()}`, c.start, c.end);
    return false;
  }

  /** Reads the next token as a name (file name, identifier); undefined (reported) at end of file. */
  name(what: string): string | undefined {
    return this.need(what) ? this.cursor.token() : undefined;
  }

  /**
   * Reads the next token as an unsigned integer within `range` (by default
   * {@link integers}). Returns its value, or undefined when the file ended or
   * the token is no such integer (reported as `what` expected). With an
   * `integerForm` kind, `1.0` or `+1` give their value with that error, so
   * parsing can go on.
   */
  integer(what: string, range: IntegerRange = this.integers): number | undefined {
    if (!this.need(what)) return undefined;
    const c = this.cursor;
    const form = c.form();
    const v = c.number();
    if (form === NumberForm.Integer) {
      if (!Number.isSafeInteger(v)) {
        this.report(this.kinds.notInteger, `${what} '${c.token()}' is too large`, c.start, c.end);
        return undefined;
      }
      if (v <= range.max) return v;
    } else if (form === NumberForm.Real && Number.isInteger(v) && this.kinds.integerForm) {
      this.report(
        this.kinds.integerForm,
        `expected ${what} as an integer without sign, point or exponent, found '${c.token()}'`,
        c.start,
        c.end,
      );
      return v;
    }
    this.report(
      this.kinds.notInteger,
      `expected ${what} (${range.name}), found ${this.found()}`,
      c.start,
      c.end,
    );
    return undefined;
  }

  /** Reads the next token as a finite real; NaN (reported) when it is not one or the file ended. */
  real(what: string): number {
    if (!this.need(what)) return Number.NaN;
    const c = this.cursor;
    const v = c.form() === NumberForm.None ? Number.NaN : c.number();
    if (Number.isFinite(v)) return v;
    this.badReal(what, "float64");
    return Number.NaN;
  }

  /** Reports the current token as no finite real of the given precision (a number out of its range, or no number). */
  badReal(what: string, precision: "float32" | "float64"): void {
    const c = this.cursor;
    const why = c.form() === NumberForm.None ? "" : `, out of ${precision} range`;
    this.report(
      this.kinds.notReal,
      `expected ${what} (a finite real), found ${this.found()}${why}`,
      c.start,
      c.end,
    );
  }

  /** Upper bound on the tokens left after the current one (each needs a character and a separator). */
  tokenBudget(): number {
    return Math.ceil((this.text.length - this.cursor.mark()) / 2);
  }

  /**
   * Checks that `count` items of at least `tokensEach` tokens can still fit;
   * otherwise reports the count as promising more than the file has (at end of file).
   */
  fits(count: number, tokensEach: number, what: string): boolean {
    if (count * tokensEach <= this.tokenBudget()) return true;
    const n = this.text.length;
    this.report(
      this.kinds.endOfFile,
      `the file ends before the ${count} ${what} it promises (at most ${this.tokenBudget()} more tokens fit)`,
      n,
      n,
    );
    return false;
  }

  /** Checks that only whitespace remains, else reports the first extra token as `kind`. */
  expectEnd(kind: DiagnosticKind, after: string): void {
    const c = this.cursor;
    if (this.stopped || !c.next()) return;
    this.report(kind, `expected end of file after ${after}, found ${this.found()}`, c.start, c.end);
  }

  /** Reports a missing end-of-line at the very end of a non-empty text (even after the error cap). */
  expectFinalNewline(): void {
    const t = this.text;
    if (t.length === 0) return;
    const last = t.charCodeAt(t.length - 1);
    if (last === 10 || last === 13) return;
    this.sink.report(
      this.kinds.missingFinalNewline,
      "expected a line break at the end of the file, found none",
      t.length,
    );
  }
}

/** Shortens a token for a message: at most `max` characters, then `…`. */
export function clip(token: string, max = 40): string {
  return token.length > max ? `${token.slice(0, max)}…` : token;
}
