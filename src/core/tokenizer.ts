/**
 * Whitespace tokenizer for FRUND's and Deforma's text formats.
 *
 * Tokens are maximal runs of non-whitespace; space, tab, LF, CR (so CR LF),
 * vertical tab and form feed separate them. The cursor allocates nothing per
 * token: it exposes `start`/`end` offsets and classifies and converts the
 * current token in place, so a 10⁷-number file is read without garbage.
 */

/** How a token reads as a number. */
export const NumberForm = {
  /** Not a number at all (`abc`, `1.2.3`, `nan`, `inf`). */
  None: 0,
  /** Unsigned decimal digits only: `0`, `42`. */
  Integer: 1,
  /** A real with sign, point or exponent: `-0.5`, `1e-3`, `.5`, `+2`. */
  Real: 2,
} as const;
/** One of the {@link NumberForm} values. */
export type NumberForm = (typeof NumberForm)[keyof typeof NumberForm];

/** Whether a UTF-16 code unit is a token separator. */
function isSeparator(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12;
}

/** The powers of ten a double holds exactly (10⁰ … 10²²). */
export const POW10: readonly number[] = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
  1e18, 1e19, 1e20, 1e21, 1e22,
];

/**
 * What a {@link TokenReader} reads tokens through: a forward cursor over a
 * text ({@link TokenCursor}) or over UTF-8 bytes (`ByteTokenCursor`), with
 * offsets in the input's own units (UTF-16 code units or bytes).
 */
export interface TokenSource {
  /** Offset of the current token's first unit (valid after `next()` returned true). */
  readonly start: number;
  /** Offset just past the current token. */
  readonly end: number;
  /** Length of the input, in its units. */
  readonly length: number;
  /** Advances to the next token; false at end of input (then `start === end === length`). */
  next(): boolean;
  /** Current scan position, for {@link restore}. */
  mark(): number;
  /** Goes back to a position returned by {@link mark}; the current token becomes invalid. */
  restore(mark: number): void;
  /** Whether only separators remain after the current token. */
  atEnd(): boolean;
  /** The current token's text (allocates; use for names, not for numbers). */
  token(): string;
  /** Whether the current token equals `word`. */
  is(word: string): boolean;
  /** Classifies the current token's number form. */
  form(): NumberForm;
  /** The current token's value, correctly rounded; NaN when it is no number. */
  number(): number;
  /** `next()` then `number()` in one pass; NaN with `start === end === length` at end of input. */
  nextNumber(): number;
  /**
   * Stores the numbers of the next tokens in `out[from…to)` (as
   * {@link nextNumber}, then rounded by the array) and returns the index of
   * the first stored value that is not finite, or `to`: the hot loop of mesh
   * files, one call per run of numbers.
   */
  fill(out: Float32Array | Float64Array | number[], from: number, to: number): number;
  /** Whether the input is non-empty and its last unit is an end-of-line character (LF or CR). */
  endsWithLineBreak(): boolean;
}

/** A forward cursor over the tokens of a text. */
export class TokenCursor implements TokenSource {
  /** Offset of the current token's first character (valid after `next()` returned true). */
  start = 0;
  /** Offset just past the current token. */
  end = 0;
  /** Where scanning resumes. */
  private pos = 0;

  constructor(readonly text: string) {}

  /** Length of the text (UTF-16 code units). */
  get length(): number {
    return this.text.length;
  }

  fill(out: Float32Array | Float64Array | number[], from: number, to: number): number {
    for (let i = from; i < to; i++) {
      out[i] = this.nextNumber();
      const v = out[i]!;
      if (v - v !== 0) return i;
    }
    return to;
  }

  endsWithLineBreak(): boolean {
    const last = this.text.charCodeAt(this.text.length - 1);
    return last === 10 || last === 13;
  }

  /** Advances to the next token; false at end of text (then `start === end === text.length`). */
  next(): boolean {
    const t = this.text;
    const n = t.length;
    let i = this.pos;
    while (i < n && isSeparator(t.charCodeAt(i))) i++;
    if (i >= n) {
      this.start = this.end = this.pos = n;
      return false;
    }
    const s = i;
    while (i < n && !isSeparator(t.charCodeAt(i))) i++;
    this.start = s;
    this.end = i;
    this.pos = i;
    return true;
  }

  /** Current scan position, for {@link restore}. */
  mark(): number {
    return this.pos;
  }

  /** Goes back to a position returned by {@link mark}; the current token becomes invalid. */
  restore(mark: number): void {
    this.pos = mark;
    this.start = this.end = mark;
  }

  /** Whether only separators remain after the current token. */
  atEnd(): boolean {
    const t = this.text;
    for (let i = this.pos; i < t.length; i++) if (!isSeparator(t.charCodeAt(i))) return false;
    return true;
  }

  /** The current token's text (allocates; use for names, not for numbers). */
  token(): string {
    return this.text.slice(this.start, this.end);
  }

  /** Whether the current token equals `word` (no allocation). */
  is(word: string): boolean {
    const len = this.end - this.start;
    if (len !== word.length) return false;
    return this.text.startsWith(word, this.start);
  }

  /** Classifies the current token's number form. */
  form(): NumberForm {
    return numberForm(this.text, this.start, this.end);
  }

  /**
   * The current token's numeric value, or NaN when it is not a number.
   * Exact (correctly rounded) for every input: a fast path for up to 15
   * significant digits and |exponent| ≤ 22, `Number()` otherwise.
   */
  number(): number {
    return parseNumber(this.text, this.start, this.end);
  }

  /**
   * Advances to the next token and returns its numeric value in one pass
   * over its characters (the hot loop of large mesh files): the same value
   * as `next()` then `number()`, NaN when the token is no number, and NaN
   * with `start === end === text.length` at end of text.
   */
  nextNumber(): number {
    const t = this.text;
    const n = t.length;
    let i = this.pos;
    let c = t.charCodeAt(i);
    while (i < n && (c === 32 || c === 10 || c === 13 || c === 9 || c === 11 || c === 12))
      c = t.charCodeAt(++i);
    if (i >= n) {
      this.start = this.end = this.pos = n;
      return Number.NaN;
    }
    const s = i;
    let negative = false;
    if (c === 45 || c === 43) {
      negative = c === 45;
      c = t.charCodeAt(++i);
    }
    let mantissa = 0;
    let digits = 0;
    let scale = 0;
    let any = false;
    while (c >= 48 && c <= 57) {
      any = true;
      if (digits > 0 || c !== 48) {
        mantissa = mantissa * 10 + (c - 48);
        digits++;
      }
      c = t.charCodeAt(++i);
    }
    if (c === 46) {
      c = t.charCodeAt(++i);
      while (c >= 48 && c <= 57) {
        any = true;
        if (digits > 0 || c !== 48) {
          mantissa = mantissa * 10 + (c - 48);
          digits++;
        }
        scale--;
        c = t.charCodeAt(++i);
      }
    }
    // Anything else (an exponent, more than 15 digits, a non-number) takes the general path.
    if (!any || digits > 15 || !(i >= n || isSeparator(c)) || scale < -22) {
      while (i < n && !isSeparator(t.charCodeAt(i))) i++;
      this.start = s;
      this.end = this.pos = i;
      return parseNumber(t, s, i);
    }
    this.start = s;
    this.end = this.pos = i;
    const v = scale === 0 ? mantissa : mantissa / POW10[-scale]!;
    return negative ? -v : v;
  }
}

/** Number form of `text[start, end)`, see {@link NumberForm}. */
export function numberForm(text: string, start: number, end: number): NumberForm {
  return numberFormAt((i) => text.charCodeAt(i), start, end);
}

/**
 * Number form of the units `code(start)…code(end − 1)` (character codes of
 * a text, or bytes), see {@link NumberForm}.
 */
export function numberFormAt(code: (i: number) => number, start: number, end: number): NumberForm {
  let i = start;
  let signed = false;
  let c = code(i);
  if (c === 43 || c === 45) {
    signed = true;
    i++;
  }
  let intDigits = 0;
  while (i < end && isDigit(code(i))) {
    i++;
    intDigits++;
  }
  let point = false;
  let fracDigits = 0;
  if (i < end && code(i) === 46) {
    point = true;
    i++;
    while (i < end && isDigit(code(i))) {
      i++;
      fracDigits++;
    }
  }
  if (intDigits + fracDigits === 0) return NumberForm.None;
  let exponent = false;
  if (i < end) {
    c = code(i);
    if (c !== 101 && c !== 69) return NumberForm.None;
    exponent = true;
    i++;
    c = code(i);
    if (i < end && (c === 43 || c === 45)) i++;
    let expDigits = 0;
    while (i < end && isDigit(code(i))) {
      i++;
      expDigits++;
    }
    if (expDigits === 0 || i !== end) return NumberForm.None;
  }
  if (!signed && !point && !exponent) return NumberForm.Integer;
  return NumberForm.Real;
}

/** Value of `text[start, end)` as a number, NaN unless it has a {@link NumberForm}. */
export function parseNumber(text: string, start: number, end: number): number {
  // Fast path: digits, optional point, optional exponent, ≤ 15 significant digits.
  let i = start;
  let negative = false;
  let c = text.charCodeAt(i);
  if (c === 45 || c === 43) {
    negative = c === 45;
    i++;
  }
  let mantissa = 0;
  let digits = 0;
  let scale = 0;
  let any = false;
  while (i < end) {
    c = text.charCodeAt(i);
    if (c < 48 || c > 57) break;
    any = true;
    if (digits > 0 || c !== 48) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
    }
    i++;
  }
  if (i < end && c === 46) {
    i++;
    while (i < end) {
      c = text.charCodeAt(i);
      if (c < 48 || c > 57) break;
      any = true;
      if (digits > 0 || c !== 48) {
        mantissa = mantissa * 10 + (c - 48);
        digits++;
      }
      scale--;
      i++;
    }
  }
  if (!any) return Number.NaN;
  if (i < end) {
    if (c !== 101 && c !== 69) return Number.NaN;
    i++;
    let expNegative = false;
    c = text.charCodeAt(i);
    if (i < end && (c === 43 || c === 45)) {
      expNegative = c === 45;
      i++;
    }
    let exp = 0;
    let expDigits = 0;
    while (i < end) {
      c = text.charCodeAt(i);
      if (c < 48 || c > 57) return Number.NaN;
      if (exp < 100000) exp = exp * 10 + (c - 48);
      expDigits++;
      i++;
    }
    if (expDigits === 0) return Number.NaN;
    scale += expNegative ? -exp : exp;
  }
  if (digits <= 15) {
    let v: number;
    if (mantissa === 0) v = 0;
    else if (scale === 0) v = mantissa;
    else if (scale > 0 && scale <= 22) v = mantissa * POW10[scale]!;
    else if (scale < 0 && scale >= -22) v = mantissa / POW10[-scale]!;
    else return Number(text.slice(start, end));
    return negative ? -v : v;
  }
  return Number(text.slice(start, end));
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
