/**
 * The frame shared by the two formats with a text and a binary encoding
 * (`.agr`, `.amb`). Binary: the 8 magic bytes `\x89XYZ\r\n\x1a\n`, the format
 * version (u32 1) at byte 8, the format's own u32 header fields, then
 * sections whose sizes the header's counts fix. Text: the line `DEFORMA-XYZ 1`,
 * then tokens. Which encoding a file is comes from its content, never its name.
 */
import { aligned, decodeText, startsWith } from "../core/bytes.js";
import type { Diagnostic, DiagnosticKind, Reporter } from "../core/diagnostics.js";
import { msg } from "../core/message.js";
import type { TokenReader, TokenReaderKinds } from "../core/token-reader.js";
import type { TokenSource } from "../core/tokenizer.js";

/** The kinds the container reports, from the format's code table. */
export interface ContainerKinds<K extends DiagnosticKind = DiagnosticKind> {
  readonly badMagic: K;
  readonly badVersion: K;
  readonly unexpectedEnd: K;
  readonly expectedKeyword: K;
  readonly badInteger: K;
  readonly badReal: K;
  readonly trailing: K;
  readonly finalNewline: K;
  readonly tooManyErrors: K;
  readonly reserved: K;
}

/** The only format version there is, in both encodings. */
const VERSION = 1;

/** Byte offset of the binary version field. */
const VERSION_AT = 8;

/** The 8 magic bytes `\x89<tag>\r\n\x1a\n` of a binary encoding (`tag`: 3 ASCII letters). */
export function binaryMagic(tag: string): Uint8Array {
  const t = [...tag].map((ch) => ch.charCodeAt(0));
  return Uint8Array.of(0x89, ...t, 0x0d, 0x0a, 0x1a, 0x0a);
}

/** A new zeroed binary file of `total` bytes with its magic and version written. */
export function newBinary(magic: Uint8Array, total: number): { out: Uint8Array; view: DataView } {
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out.set(magic, 0);
  view.setUint32(VERSION_AT, VERSION, true);
  return { out, view };
}

/** Binary bytes opened for reading: 8-aligned, so typed arrays can view the sections. */
export interface BinaryInput {
  /** The input, or one 8-aligned copy of it. */
  readonly bytes: Uint8Array;
  readonly view: DataView;
  /** The little-endian u32 at byte `offset`. */
  u32(offset: number): number;
}

/**
 * Opens binary bytes whose magic was recognised: checks that the
 * `headerBytes`-byte header is there and the version is 1. Undefined
 * (reported) when nothing can be read.
 */
export function openBinary<K extends DiagnosticKind>(
  input: Uint8Array,
  headerBytes: number,
  kinds: ContainerKinds<NoInfer<K>>,
  r: Reporter<K>,
): BinaryInput | undefined {
  const len = input.length;
  if (len < headerBytes) {
    r.report(kinds.unexpectedEnd, `expected a ${headerBytes}-byte header, found ${len} bytes`, len);
    return undefined;
  }
  const bytes = aligned(input);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (o: number) => view.getUint32(o, true);
  const version = u32(VERSION_AT);
  if (version !== VERSION) {
    r.report(
      kinds.badVersion,
      msg`expected format version 1, found ${{ found: version }}`,
      VERSION_AT,
      VERSION_AT + 4,
    );
    return undefined;
  }
  return { bytes, view, u32 };
}

/** Reports each header u32 at `offsets` that is not 0 (a warning). */
export function checkReserved<K extends DiagnosticKind>(
  b: BinaryInput,
  offsets: readonly number[],
  kinds: ContainerKinds<NoInfer<K>>,
  r: Reporter<K>,
): void {
  for (const o of offsets) {
    const v = b.u32(o);
    if (v !== 0)
      r.report(
        kinds.reserved,
        msg`expected 0 in the reserved field, found ${{ found: v }}`,
        o,
        o + 4,
      );
  }
}

/**
 * Checks a binary file's `length` against the `total` bytes its header's
 * counts promise: shorter is fatal (false), longer is reported as trailing bytes.
 */
export function checkFileSize<K extends DiagnosticKind>(
  total: number,
  length: number,
  kinds: ContainerKinds<NoInfer<K>>,
  r: Reporter<K>,
): boolean {
  if (total > length) {
    r.report(
      kinds.unexpectedEnd,
      `expected ${total} bytes for the counts in the header, found ${length}`,
      length,
    );
    return false;
  }
  if (total < length) {
    r.report(
      kinds.trailing,
      `expected end of file at byte ${total}, found ${length - total} more bytes`,
      total,
      length,
    );
  }
  return true;
}

/** What the token reader of a text encoding reports (no integer-form leniency, errors capped). */
export function textKinds<K extends DiagnosticKind>(kinds: ContainerKinds<K>): TokenReaderKinds<K> {
  return {
    endOfFile: kinds.unexpectedEnd,
    notInteger: kinds.badInteger,
    notReal: kinds.badReal,
    missingFinalNewline: kinds.finalNewline,
    expectedKeyword: kinds.expectedKeyword,
    tooManyErrors: kinds.tooManyErrors,
  };
}

/** Reads the text encoding's first line `<magic> 1`; false (reported) when it is wrong. */
export function readTextMagic<K extends DiagnosticKind>(
  r: TokenReader<K, TokenSource>,
  magic: string,
  kinds: ContainerKinds<NoInfer<K>>,
): boolean {
  const c = r.cursor;
  if (!c.next() || !c.is(magic)) {
    const found = c.end > c.start ? r.found() : "an empty file";
    r.report(
      kinds.badMagic,
      `expected '${magic} 1' or the binary magic, found ${found}`,
      c.start,
      c.end,
    );
    return false;
  }
  const version = r.integer(`the format version after ${magic}`);
  if (version === VERSION) return true;
  if (version !== undefined) {
    r.report(
      kinds.badVersion,
      msg`expected format version 1, found ${{ found: version }}`,
      c.start,
      c.end,
    );
  }
  return false;
}

/** What a reader of a text-or-binary format found. */
export interface ContainerReadResult<M> {
  /** The model; undefined only when nothing usable could be read (wrong magic or version, truncated binary). */
  model: M | undefined;
  /** Findings; offsets are characters of `text` (text) or bytes (binary). */
  diagnostics: Diagnostic[];
  /** Which encoding the content was. */
  encoding: "text" | "binary";
  /** The decoded source when the encoding is text (for `locate` / `formatDiagnostics`). */
  text?: string;
  /** The source's bytes instead, when its text is too long for one string (offsets are then bytes). */
  textBytes?: Uint8Array;
}

/** Longest text read (bytes): V8's longest string, 2²⁹ − 24 UTF-16 units, is the bound for one-byte UTF-8. */
export const MAX_TEXT_BYTES = 2 ** 29 - 24;

/**
 * Reads `data` as binary when it starts with `magic`, else as UTF-8 text.
 * Never throws: a text longer than `maxTextBytes` is reported as `tooLarge`.
 */
export function readEitherEncoding<M>(
  data: Uint8Array | string,
  magic: Uint8Array,
  readBinary: (bytes: Uint8Array) => { model: M | undefined; diagnostics: Diagnostic[] },
  readText: (text: string) => { model: M | undefined; diagnostics: Diagnostic[] },
  tooLarge?: DiagnosticKind,
  maxTextBytes: number = MAX_TEXT_BYTES,
): ContainerReadResult<M> {
  if (typeof data !== "string" && startsWith(data, magic)) {
    return { ...readBinary(data), encoding: "binary" };
  }
  // A text past V8's longest string cannot be decoded at all: a finding, never a throw.
  if (typeof data !== "string" && data.length > maxTextBytes && tooLarge) {
    return {
      model: undefined,
      diagnostics: [
        {
          code: tooLarge.code,
          severity: tooLarge.severity,
          message: `the text file has ${data.length} bytes; at most ${maxTextBytes} are read as text (convert it to the binary encoding where it was made)`,
          start: 0,
          end: 0,
        },
      ],
      encoding: "text",
    };
  }
  const text = typeof data === "string" ? data : decodeText(data);
  return { ...readText(text), encoding: "text", text };
}
