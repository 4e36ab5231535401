/**
 * The text a VTK XML DataArray holds: its ascii values, and whether a run of
 * it is blank, read from the file's text or from its ASCII bytes without
 * making a string of the whole file (decision 312).
 */
import { asciiText } from "../../core/bytes.js";
import { parseNumber, TokenCursor } from "../../core/tokenizer.js";
import type { XmlElement, XmlSource } from "../../core/xml.js";

/** What locates a frame's findings (`VtkFrame`'s fields): its text, or its ASCII bytes. */
export interface FrameSource {
  readonly text: string | undefined;
  readonly ascii?: Uint8Array;
}

/** The values of the ascii DataArray `e`, or undefined when one is not a number (reported by `bad`). */
export function readAscii(
  source: XmlSource,
  e: XmlElement,
  bad: (m: string, at?: number) => undefined,
): Float64Array | undefined {
  // The text of the element's runs only, from ASCII bytes (offsets shifted by `base`).
  const { text, base } = textAround(source, e.text[0] ?? 0, e.text.at(-1) ?? 0);
  const cursor = new TokenCursor(text);
  let count = 0;
  for (let r = 0; r < e.text.length; r += 2) {
    cursor.restore(e.text[r]! - base);
    while (cursor.next() && cursor.start < e.text[r + 1]! - base) count++;
  }
  const out = new Float64Array(count);
  let k = 0;
  for (let r = 0; r < e.text.length; r += 2) {
    const end = e.text[r + 1]! - base;
    cursor.restore(e.text[r]! - base);
    while (cursor.next() && cursor.start < end) {
      // A run of text ends at '<', which the whitespace tokenizer does not stop at.
      const stop = Math.min(cursor.end, end);
      const v = parseNumber(text, cursor.start, stop);
      if (Number.isNaN(v)) {
        return bad(
          `'${text.slice(cursor.start, Math.min(stop, cursor.start + 40))}' is not a number`,
          cursor.start + base,
        );
      }
      out[k++] = v;
    }
  }
  return out;
}

/** The text of `src` from `start` to `end`, and the offset it starts at (the whole text: 0). */
function textAround(src: XmlSource, start: number, end: number): { text: string; base: number } {
  if (typeof src === "string") return { text: src, base: 0 };
  return { text: asciiText(src.subarray(start, end)), base: start };
}

/** Whether `src` has a character other than XML whitespace in `[start, end)`. */
export function hasNonBlank(src: XmlSource, start: number, end: number): boolean {
  if (typeof src === "string") return /\S/.test(src.slice(start, end));
  for (let i = start; i < end; i++) {
    const c = src[i]!;
    // An ASCII source: \S is anything but these (the other \s characters are not ASCII).
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 11 && c !== 12) return true;
  }
  return false;
}

/** A frame's fields locating its findings from a file's XML: its text, or its ASCII bytes. */
export function sourceFields(src: XmlSource): FrameSource {
  return typeof src === "string" ? { text: src } : { text: undefined, ascii: src };
}

/** The text of a file's XML (ASCII bytes decoded). */
export function sourceText(src: XmlSource): string {
  return typeof src === "string" ? src : asciiText(src);
}

const decoded = new WeakMap<Uint8Array, string>();

/** The text locating a frame's findings: its `text`, or its ASCII bytes decoded (once). */
export function frameText(f: FrameSource): string | undefined {
  if (f.text !== undefined || !f.ascii) return f.text;
  let t = decoded.get(f.ascii);
  if (t === undefined) {
    t = asciiText(f.ascii);
    decoded.set(f.ascii, t);
  }
  return t;
}
