/**
 * Typed reads over a {@link TokenCursor} for Deforma's text formats (`.amx`,
 * `CAD_Matrixes.dat`, the `.agr` and `.amb` text encodings): each read reports
 * a located diagnostic of the format's own kind when the token is missing or
 * has the wrong form ("expected X, found Y"), and an optional error cap stops
 * a reader drowning in a file that is not what it expects. Runs of numbers
 * (matrices, coordinate blocks) all go through {@link TokenReader.reals} and
 * its one recovery rule.
 */
import { type DiagnosticKind, DiagnosticSink, type Reporter, type Span } from "./diagnostics.js";
import { type MessageInput, msg } from "./message.js";
import { NumberForm, TokenCursor, type TokenSource } from "./tokenizer.js";

/** The diagnostic kinds a {@link TokenReader} reports, from the format's code table. */
export interface TokenReaderKinds<K extends DiagnosticKind = DiagnosticKind> {
  /** A value was expected but the file ended, or a count promises more than the file can hold. */
  readonly endOfFile: K;
  /** An integer was expected; the token is not one, or is out of the reader's range. */
  readonly notInteger: K;
  /**
   * An integer was expected; the token is an integral number with sign, point
   * or exponent (`1.0`, `+1`), read with this error. Without it such a token
   * is a {@link notInteger} error and is not read.
   */
  readonly integerForm?: K;
  /** A real was expected; the token is not a finite number. */
  readonly notReal: K;
  /** The text does not end with an end-of-line character. */
  readonly missingFinalNewline: K;
  /** A keyword is missing or misspelled; required by {@link TokenReader.keyword}. */
  readonly expectedKeyword?: K;
  /** Reading stopped after {@link MAX_ERRORS} errors; without it errors are not capped. */
  readonly tooManyErrors?: K;
  /**
   * A run of reals ({@link TokenReader.reals}) met a {@link ReaderOptions.marker}
   * before its count was reached; without it that is a {@link notReal} error.
   */
  readonly runCut?: K;
}

/** What a format adds to the reading rules: its integer range and what ends a run of reals. */
export interface ReaderOptions {
  /** The unsigned integers {@link TokenReader.integer} accepts by default. */
  readonly integers?: IntegerRange;
  /**
   * Whether the current token, no finite real, marks what follows a run of
   * reals (a keyword of the format) rather than a bad value inside it; see
   * {@link TokenReader.reals}. Without it no token ends a run early.
   */
  marker?(cursor: TokenSource): boolean;
  /** Stored in place of a value that is no finite real (default NaN: unknown, not invented). */
  readonly standIn?: number;
}

/** Where {@link TokenReader.reals} stores numbers; a Float32Array rounds them to float32. */
export type RealArray = Float32Array | Float64Array | number[];

/** The unsigned integers a format accepts, and how messages name them. */
export interface IntegerRange {
  /** Largest value accepted. */
  readonly max: number;
  /** The range in words, for messages ("an integer"). */
  readonly name: string;
}

/** Any unsigned integer a double holds exactly (at most 2⁵³ − 1): the reader's own limit. */
const SAFE_INTEGERS: IntegerRange = { max: Number.MAX_SAFE_INTEGER, name: "an integer" };

/** Unsigned 32-bit integers, the range of counts and indices in the binary encodings. */
export const UINT32: IntegerRange = { max: 0xffffffff, name: "an unsigned integer below 2^32" };

/** Errors after which a reader with a `tooManyErrors` kind gives up (one more diagnostic says so). */
const MAX_ERRORS = 100;

/**
 * Reads tokens as keywords, integers, reals and names; every read reports its
 * own failure. `K` is the format's kinds (`KindOf<typeof AMX>`): nothing else
 * can be reported through it. Built over a text (a {@link TokenCursor}) or
 * over any {@link TokenSource} (`C`), such as UTF-8 bytes; offsets are the
 * source's units.
 */
export class TokenReader<
  K extends DiagnosticKind = DiagnosticKind,
  C extends TokenSource = TokenCursor,
> implements Reporter<K>
{
  /** The token cursor, for format-specific look-ahead (`mark`/`restore`) and raw tokens. */
  readonly cursor: C;
  /** All diagnostics reported so far, in reporting order. */
  readonly sink = new DiagnosticSink<K>();
  /** True once {@link MAX_ERRORS} errors were reported (capped readers only): the reader must stop. */
  stopped = false;
  /** The unsigned integers {@link integer} accepts unless told otherwise. */
  readonly integers: IntegerRange;
  private readonly marker: (cursor: TokenSource) => boolean;
  private readonly standIn: number;
  private errors = 0;

  constructor(
    source: string | C,
    readonly kinds: TokenReaderKinds<K>,
    options: ReaderOptions = {},
  ) {
    this.cursor = (typeof source === "string" ? new TokenCursor(source) : source) as C;
    this.integers = options.integers ?? SAFE_INTEGERS;
    const marker = options.marker;
    this.marker = marker ? (c) => marker.call(options, c) : never;
    this.standIn = options.standIn ?? Number.NaN;
  }

  /** Reports a diagnostic, unless the error cap was reached (then says so once and stops). */
  report(kind: K, message: MessageInput, start: number, end: number = start): void {
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

  /** The text read (only a reader built over a text has one). */
  get text(): string {
    const c: TokenSource = this.cursor;
    if (c instanceof TokenCursor) return c.text;
    throw new Error("TokenReader.text: this reader reads bytes, not a text");
  }

  /** Length of the input (UTF-16 code units of a text, or bytes). */
  get length(): number {
    return this.cursor.length;
  }

  /** Reports `expected <what>, found end of file` at the end of the text. */
  endOfFile(what: string): void {
    const n = this.cursor.length;
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
        this.report(
          this.kinds.notInteger,
          msg`${what} ${{ found: `'${c.token()}'` }} is too large`,
          c.start,
          c.end,
        );
        return undefined;
      }
      if (v <= range.max) return v;
    } else if (form === NumberForm.Real && Number.isInteger(v) && this.kinds.integerForm) {
      this.report(
        this.kinds.integerForm,
        msg`expected ${what} as an integer without sign, point or exponent, found ${{ found: `'${c.token()}'` }}`,
        c.start,
        c.end,
      );
      return v;
    }
    this.report(
      this.kinds.notInteger,
      msg`expected ${what} (${range.name}), found ${{ found: this.found() }}`,
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

  /**
   * Reads `count` reals into `out[offset…]` (the hot loop of mesh files: one
   * pass per token, nothing allocated). The one recovery rule of every run of
   * numbers in every format — a value `i` (0-based in the run) that is:
   *
   * 1. a finite real (after rounding to float32 for a Float32Array) is stored;
   * 2. missing because the text ended: `endOfFile` ("expected <what(i)>,
   *    found end of file") is reported, the stand-in stored, the run ends;
   * 3. a token that is no finite real and a *marker* of the format (a
   *    keyword: what follows the run has begun, the count promised too much):
   *    `runCut` (else `notReal`) is reported ("expected <what(i)>, found
   *    'frame'"), the token is left unread for what follows, the run ends;
   * 4. any other token that is no finite real (`x`, `nan`, `1e999`, `1e39`
   *    for float32): `notReal` is reported, the stand-in stored, the run goes
   *    on — unless that error reached the error cap, which ends it.
   *
   * A line break ends nothing: values are tokens, wherever the lines break.
   * True when all `count` values were read (some may be stand-ins).
   */
  reals(count: number, out: RealArray, offset: number, what: (i: number) => string): boolean {
    const c = this.cursor;
    const end = offset + count;
    for (let i = c.fill(out, offset, end); i < end; i = c.fill(out, i + 1, end)) {
      if (!this.badValue(out, i, what(i - offset))) return false;
    }
    return true;
  }

  /** Steps 2–4 of the {@link reals} rule for `out[i]`; false when the run ends. */
  private badValue(out: RealArray, i: number, what: string): boolean {
    const c = this.cursor;
    out[i] = this.standIn;
    if (c.start === c.length) {
      this.endOfFile(what);
      return false;
    }
    if (this.marker(c)) {
      const kind = this.kinds.runCut ?? this.kinds.notReal;
      this.report(kind, msg`expected ${what}, found ${{ found: this.found() }}`, c.start, c.end);
      c.restore(c.start);
      return false;
    }
    this.badReal(what, out instanceof Float32Array ? "float32" : "float64");
    return !this.stopped;
  }

  /** Reports the current token as no finite real of the given precision (a number out of its range, or no number). */
  private badReal(what: string, precision: "float32" | "float64"): void {
    const c = this.cursor;
    const why = c.form() === NumberForm.None ? "" : `, out of ${precision} range`;
    this.report(
      this.kinds.notReal,
      msg`expected ${what} (a finite real), found ${{ found: this.found() }}${why}`,
      c.start,
      c.end,
    );
  }

  /** Upper bound on the tokens left after the current one (each needs a character and a separator). */
  private tokenBudget(): number {
    return Math.ceil((this.cursor.length - this.cursor.mark()) / 2);
  }

  /**
   * Checks that `count` items of at least `tokensEach` tokens can still fit;
   * otherwise reports the count as promising more than the file has (at end of file).
   */
  fits(count: number, tokensEach: number, what: string): boolean {
    if (count * tokensEach <= this.tokenBudget()) return true;
    const n = this.cursor.length;
    this.report(
      this.kinds.endOfFile,
      `the file ends before the ${count} ${what} it promises (at most ${this.tokenBudget()} more tokens fit)`,
      n,
      n,
    );
    return false;
  }

  /** Checks that only whitespace remains, else reports the first extra token as `kind`. */
  expectEnd(kind: K, after: string): void {
    const c = this.cursor;
    if (this.stopped || !c.next()) return;
    this.report(kind, `expected end of file after ${after}, found ${this.found()}`, c.start, c.end);
  }

  /** Reports a missing end-of-line at the very end of a non-empty text (even after the error cap). */
  expectFinalNewline(): void {
    const c = this.cursor;
    if (c.length === 0 || c.endsWithLineBreak()) return;
    this.sink.report(
      this.kinds.missingFinalNewline,
      "expected a line break at the end of the file, found none",
      c.length,
    );
  }
}

function never(): boolean {
  return false;
}

/** Shortens a token for a message: at most `max` characters, then `…`. */
function clip(token: string, max = 40): string {
  return token.length > max ? `${token.slice(0, max)}…` : token;
}
