/**
 * Typed reads over a {@link TokenCursor} for count-driven text formats
 * (`.amx`, `CAD_Matrixes.dat`): each read reports a located diagnostic of the
 * format's own kind when the token is missing or has the wrong form.
 */
import { type DiagnosticKind, DiagnosticSink } from "./diagnostics.js";
import { NumberForm, TokenCursor } from "./tokenizer.js";

/** The diagnostic kinds a {@link TokenReader} reports, from the format's code table. */
export interface TokenReaderKinds {
  /** A value was expected but the file ended. */
  readonly endOfFile: DiagnosticKind;
  /** An integer was expected; the token is not a number. */
  readonly notInteger: DiagnosticKind;
  /** An integer was expected; the token is a number with sign, point or exponent. */
  readonly integerForm: DiagnosticKind;
  /** A real was expected; the token is not a finite number. */
  readonly notReal: DiagnosticKind;
  /** The text does not end with an end-of-line character. */
  readonly missingFinalNewline: DiagnosticKind;
}

/** A `[start, end)` offset range of a token in the source text. */
export type Span = readonly [start: number, end: number];

/** Reads tokens as integers, reals and names, reporting problems to a sink. */
export class TokenReader {
  readonly cursor: TokenCursor;
  readonly sink = new DiagnosticSink();

  constructor(
    readonly text: string,
    private readonly kinds: TokenReaderKinds,
  ) {
    this.cursor = new TokenCursor(text);
  }

  /** Span of the current token. */
  span(): Span {
    return [this.cursor.start, this.cursor.end];
  }

  /**
   * Reads the next token as an unsigned integer. Returns its value, or
   * undefined when the file ended or the token is no integral number (then a
   * diagnostic says what `what` was expected). `1.0` or `+1` give their
   * value with an `integerForm` error, so parsing can go on.
   */
  integer(what: string): number | undefined {
    const c = this.cursor;
    if (!c.next()) {
      this.sink.report(this.kinds.endOfFile, `expected ${what}, found end of file`, c.start);
      return undefined;
    }
    const form = c.form();
    if (form === NumberForm.Integer) {
      const v = c.number();
      if (Number.isSafeInteger(v)) return v;
      this.sink.report(
        this.kinds.notInteger,
        `${what} '${c.token()}' is too large`,
        c.start,
        c.end,
      );
      return undefined;
    }
    const v = c.number();
    if (form === NumberForm.Real && Number.isInteger(v)) {
      this.sink.report(
        this.kinds.integerForm,
        `expected ${what} as an integer without sign, point or exponent, found '${c.token()}'`,
        c.start,
        c.end,
      );
      return v;
    }
    this.sink.report(
      this.kinds.notInteger,
      `expected ${what} (an integer), found '${clip(c.token())}'`,
      c.start,
      c.end,
    );
    return undefined;
  }

  /** Reads the next token as a finite real; NaN (with a diagnostic) when it is not one or the file ended. */
  real(what: string): number {
    const c = this.cursor;
    if (!c.next()) {
      this.sink.report(this.kinds.endOfFile, `expected ${what}, found end of file`, c.start);
      return Number.NaN;
    }
    const v = c.form() === NumberForm.None ? Number.NaN : c.number();
    if (!Number.isFinite(v)) {
      this.sink.report(
        this.kinds.notReal,
        `expected ${what} (a finite real number), found '${clip(c.token())}'`,
        c.start,
        c.end,
      );
      return Number.NaN;
    }
    return v;
  }

  /** Reads `count` reals into `out` (from index 0); false when the file ended first. */
  reals(count: number, what: (i: number) => string, out: number[]): boolean {
    for (let i = 0; i < count; i++) {
      const v = this.real(what(i));
      out[i] = v;
      if (Number.isNaN(v) && this.cursor.start === this.text.length) return false;
    }
    return true;
  }

  /** Reads the next token as a name (file name, identifier); undefined at end of file. */
  name(what: string): string | undefined {
    const c = this.cursor;
    if (!c.next()) {
      this.sink.report(this.kinds.endOfFile, `expected ${what}, found end of file`, c.start);
      return undefined;
    }
    return c.token();
  }

  /** Reports a missing end-of-line at the very end of a non-empty text. */
  checkFinalNewline(): void {
    const t = this.text;
    if (t.length === 0) return;
    const last = t.charCodeAt(t.length - 1);
    if (last !== 10 && last !== 13) {
      this.sink.report(
        this.kinds.missingFinalNewline,
        "the file must end with an end-of-line character",
        t.length,
      );
    }
  }
}

/** Shortens a token for a message. */
export function clip(token: string, max = 40): string {
  return token.length > max ? `${token.slice(0, max)}…` : token;
}
