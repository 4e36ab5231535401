/**
 * Tokens of a `bulge_types` file: the keywords `bulge:`, `code:`, `angle:`
 * (case-sensitive; blanks before the colon allowed), quoted names (`"…"` or
 * `“…”`, closed on the same line), and words (runs of non-blanks). Any
 * whitespace separates tokens; a line whose first non-blank character is `#`
 * is a comment. Offsets only; nothing is allocated per token but names.
 */

/** What a token is. */
export const Tok = { End: 0, Bulge: 1, Code: 2, Angle: 3, Name: 4, Word: 5 } as const;
/** One of the {@link Tok} values. */
export type Tok = (typeof Tok)[keyof typeof Tok];

const KEYWORDS: readonly [string, Tok][] = [
  ["bulge", Tok.Bulge],
  ["code", Tok.Code],
  ["angle", Tok.Angle],
];

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 11 || c === 12;
}

function isSpace(c: number): boolean {
  return isBlank(c) || c === 10 || c === 13;
}

const OPEN_QUOTES = new Set([0x22, 0x201c]);
const CLOSE_QUOTES = new Set([0x22, 0x201d]);

/** A forward lexer with one token of look-ahead state: `kind`, `start`, `end`. */
export class BulgeLexer {
  kind: Tok = Tok.End;
  /** Offset of the current token's first character. */
  start = 0;
  /** Offset just past it. */
  end = 0;
  /** For a name: whether its closing quote was found on its line. */
  closed = false;
  private pos = 0;
  private lineStart = true;

  constructor(readonly text: string) {
    // A byte order mark decoded into U+FEFF counts as blank.
    if (text.charCodeAt(0) === 0xfeff) this.pos = 1;
  }

  /** Current scan position, for {@link restore}. */
  mark(): number {
    return this.pos;
  }

  /** Goes back to a position from {@link mark} (taken between tokens). */
  restore(mark: number): void {
    this.pos = mark;
    this.lineStart = false;
    this.kind = Tok.End;
  }

  /** The current token's text. */
  token(): string {
    return this.text.slice(this.start, this.end);
  }

  /** A name's characters, without its quotes. */
  nameText(): string {
    return this.text.slice(this.start + 1, this.closed ? this.end - 1 : this.end);
  }

  /** Advances to the next token and returns its kind ({@link Tok.End} at the end). */
  next(): Tok {
    const t = this.text;
    const n = t.length;
    let i = this.pos;
    for (;;) {
      while (i < n && isSpace(t.charCodeAt(i))) {
        const c = t.charCodeAt(i);
        if (c === 10 || c === 13) this.lineStart = true;
        i++;
      }
      if (i < n && this.lineStart && t.charCodeAt(i) === 35 /* # */) {
        while (i < n && t.charCodeAt(i) !== 10 && t.charCodeAt(i) !== 13) i++;
        continue;
      }
      break;
    }
    this.lineStart = false;
    this.start = i;
    if (i >= n) {
      this.end = this.pos = n;
      this.kind = Tok.End;
      return this.kind;
    }
    const c = t.charCodeAt(i);
    if (OPEN_QUOTES.has(c)) {
      let j = i + 1;
      while (
        j < n &&
        !CLOSE_QUOTES.has(t.charCodeAt(j)) &&
        t.charCodeAt(j) !== 10 &&
        t.charCodeAt(j) !== 13
      )
        j++;
      this.closed = j < n && CLOSE_QUOTES.has(t.charCodeAt(j));
      this.end = this.pos = this.closed ? j + 1 : j;
      this.kind = Tok.Name;
      return this.kind;
    }
    for (const [word, kind] of KEYWORDS) {
      if (!t.startsWith(word, i)) continue;
      let j = i + word.length;
      while (j < n && isBlank(t.charCodeAt(j))) j++;
      if (t.charCodeAt(j) === 58 /* : */) {
        this.end = this.pos = j + 1;
        this.kind = kind;
        return this.kind;
      }
    }
    let j = i;
    while (j < n && !isSpace(t.charCodeAt(j))) j++;
    this.end = this.pos = j;
    this.kind = Tok.Word;
    return this.kind;
  }
}
