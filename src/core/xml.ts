/**
 * A small XML reader (VTK's files and any other XML format): elements,
 * attributes and text ranges with their offsets, built into a tree. It never
 * throws: broken markup is reported to the caller's callback (the VTK reader
 * turns it into VTK001) and reading goes on as far as it can. Comments, the
 * XML declaration, processing instructions and DOCTYPE are skipped; CDATA is
 * text. It reads a string, or bytes that are all ASCII (an XML file's
 * markup around base64 data): then no string of the whole file is made, and
 * every offset is the same as in the decoded text (decision 312).
 */
import { asciiText } from "./bytes.js";

/** One attribute: its name, its decoded value and the offset of the value's first character. */
export interface XmlAttribute {
  readonly name: string;
  readonly value: string;
  readonly start: number;
}

/** One element: name, attributes, child elements and the offsets of its own text runs. */
export interface XmlElement {
  readonly name: string;
  /** Offset of the `<` of the start tag. */
  readonly start: number;
  readonly attributes: XmlAttribute[];
  readonly children: XmlElement[];
  /** Pairs `[start, end)` of the text directly inside this element (not in children). */
  readonly text: number[];
}

/** The value of attribute `name` of `e`, or undefined. */
export function attr(e: XmlElement, name: string): string | undefined {
  for (const a of e.attributes) if (a.name === name) return a.value;
  return undefined;
}

/** The offset of attribute `name`'s value, or of the element when it has none. */
export function attrStart(e: XmlElement, name: string): number {
  for (const a of e.attributes) if (a.name === name) return a.start;
  return e.start;
}

/** The child elements of `e` named `name`. */
export function childrenNamed(e: XmlElement, name: string): XmlElement[] {
  return e.children.filter((c) => c.name === name);
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function isNameChar(c: number): boolean {
  return !(isSpace(c) || c === 62 || c === 47 || c === 61 || c === 60 || Number.isNaN(c));
}

/** Deepest nesting read (a file nested deeper is refused at that element: no reader may recurse on it). */
export const MAX_XML_DEPTH = 256;

/** Most elements read from one file. */
export const MAX_XML_ELEMENTS = 1_000_000;

/** Where a syntax error is reported: its message and the offset it points at. */
export type XmlSyntaxError = (message: string, at: number) => void;

/** What {@link parseXml} reads: text, or ASCII bytes (see the module comment). */
export type XmlSource = string | Uint8Array;

/** The few operations the reader needs of its source, over a string or bytes alike. */
interface Chars {
  readonly length: number;
  /** The character code at `i`; NaN past the end. */
  code(i: number): number;
  indexOf(s: string, from: number): number;
  startsWith(s: string, at: number): boolean;
  slice(a: number, b: number): string;
}

function stringChars(text: string): Chars {
  return {
    length: text.length,
    code: (i) => text.charCodeAt(i),
    indexOf: (s, from) => text.indexOf(s, from),
    startsWith: (s, at) => text.startsWith(s, at),
    slice: (a, b) => text.slice(a, b),
  };
}

function byteChars(bytes: Uint8Array): Chars {
  const n = bytes.length;
  const startsWith = (s: string, at: number): boolean => {
    if (at < 0 || at + s.length > n) return false;
    for (let k = 0; k < s.length; k++) if (bytes[at + k] !== s.charCodeAt(k)) return false;
    return true;
  };
  return {
    length: n,
    code: (i) => (i >= 0 && i < n ? bytes[i]! : Number.NaN),
    indexOf: (s, from) => {
      const first = s.charCodeAt(0);
      for (let i = bytes.indexOf(first, from); i >= 0; i = bytes.indexOf(first, i + 1))
        if (startsWith(s, i)) return i;
      return -1;
    },
    startsWith,
    slice: (a, b) => {
      const part = bytes.subarray(Math.max(0, a), Math.max(0, Math.min(b, n)));
      // Names and values are short: one call makes them, without a decoder's set-up.
      return part.length <= 256
        ? String.fromCharCode.apply(null, part as unknown as number[])
        : asciiText(part);
    },
  };
}

/** The characters of a source; see {@link XmlSource}. */
function charsOf(src: XmlSource): Chars {
  return typeof src === "string" ? stringChars(src) : byteChars(src);
}

/**
 * Parses `src` into its root element (undefined when there is none); each
 * syntax error goes to `fail`, which the format's reader turns into its own
 * diagnostic code.
 */
export function parseXml(src: XmlSource, fail: XmlSyntaxError): XmlElement | undefined {
  const text = charsOf(src);
  const n = text.length;
  let elements = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let i = 0;
  // How many elements of each name are open (on the stack).
  const open = new Map<string, number>();
  const close = (e: XmlElement): string => {
    open.set(e.name, open.get(e.name)! - 1);
    return e.name;
  };
  const push = (e: XmlElement): void => {
    stack.push(e);
    open.set(e.name, (open.get(e.name) ?? 0) + 1);
  };
  while (i < n) {
    const lt = text.indexOf("<", i);
    const stop = lt < 0 ? n : lt;
    if (stop > i) {
      const top = stack[stack.length - 1];
      if (top) top.text.push(i, stop);
      else if (/\S/.test(text.slice(i, Math.min(stop, i + 4096)))) {
        fail("text outside the root element", i);
      }
    }
    if (lt < 0) break;
    i = lt;
    if (text.startsWith("<!--", i)) {
      const e = text.indexOf("-->", i + 4);
      if (e < 0) {
        fail("comment not closed by '-->'", i);
        break;
      }
      i = e + 3;
    } else if (text.startsWith("<![CDATA[", i)) {
      const e = text.indexOf("]]>", i + 9);
      if (e < 0) {
        fail("CDATA not closed by ']]>'", i);
        break;
      }
      stack[stack.length - 1]?.text.push(i + 9, e);
      i = e + 3;
    } else if (text.startsWith("<?", i) || text.startsWith("<!", i)) {
      const e = text.indexOf(">", i + 2);
      if (e < 0) {
        fail("declaration not closed by '>'", i);
        break;
      }
      i = e + 1;
    } else if (text.startsWith("</", i)) {
      let j = i + 2;
      while (j < n && isNameChar(text.code(j))) j++;
      const name = text.slice(i + 2, j);
      while (j < n && isSpace(text.code(j))) j++;
      if (text.code(j) !== 62) fail(`'>' expected to close '</${name}'`, j);
      const top = stack[stack.length - 1];
      if (!top) fail(`end tag '</${name}>' without a start tag`, i);
      else if (top.name !== name) {
        fail(`end tag '</${name}>' where '</${top.name}>' was expected`, i);
        // Recover: close up to a matching element if there is one. The count of
        // open elements by name keeps stray end tags from scanning the stack.
        if ((open.get(name) ?? 0) > 0) {
          while (stack.length > 0 && close(stack.pop()!) !== name);
        }
      } else close(stack.pop()!);
      i = j < n && text.code(j) === 62 ? j + 1 : j;
    } else {
      if (stack.length >= MAX_XML_DEPTH || elements >= MAX_XML_ELEMENTS) {
        fail(
          stack.length >= MAX_XML_DEPTH
            ? `elements nested deeper than ${MAX_XML_DEPTH} levels; the rest of the file is not read`
            : `more than ${MAX_XML_ELEMENTS} elements; the rest of the file is not read`,
          i,
        );
        return root;
      }
      elements++;
      i = startTag(text, i, stack, push, fail, (e) => {
        if (!root) root = e;
        else fail(`second root element '<${e.name}>'`, e.start);
      });
    }
  }
  for (const e of stack) fail(`'<${e.name}>' is not closed`, e.start);
  return root;
}

/** Reads a start tag at `i` (a `<`); returns where scanning resumes. */
function startTag(
  text: Chars,
  i: number,
  stack: readonly XmlElement[],
  push: (e: XmlElement) => void,
  fail: XmlSyntaxError,
  onRoot: (e: XmlElement) => void,
): number {
  const n = text.length;
  let j = i + 1;
  while (j < n && isNameChar(text.code(j))) j++;
  const name = text.slice(i + 1, j);
  if (name === "") {
    fail("an element name was expected after '<'", i + 1);
    return i + 1;
  }
  const e: XmlElement = { name, start: i, attributes: [], children: [], text: [] };
  const parent = stack[stack.length - 1];
  if (parent) parent.children.push(e);
  else onRoot(e);
  for (;;) {
    while (j < n && isSpace(text.code(j))) j++;
    const c = text.code(j);
    if (j >= n) {
      fail(`start tag '<${name}' not closed by '>'`, i);
      return n;
    }
    if (c === 62) {
      push(e);
      return j + 1;
    }
    if (c === 47 && text.code(j + 1) === 62) return j + 2;
    const a = j;
    while (j < n && isNameChar(text.code(j))) j++;
    if (j === a) {
      fail(`unexpected '${text.slice(j, j + 1)}' in the tag '<${name}>'`, j);
      j++;
      continue;
    }
    const attrName = text.slice(a, j);
    while (j < n && isSpace(text.code(j))) j++;
    if (text.code(j) !== 61) {
      fail(`'=' expected after the attribute '${attrName}'`, j);
      continue;
    }
    j++;
    while (j < n && isSpace(text.code(j))) j++;
    const q = text.code(j);
    if (q !== 34 && q !== 39) {
      fail(`a quoted value expected for the attribute '${attrName}'`, j);
      continue;
    }
    const close = text.indexOf(q === 34 ? '"' : "'", j + 1);
    // A '<' before the closing quote: only the value is scanned (not on to the next tag,
    // past an element's data, which the reader then scans again).
    const lt = close < 0 ? text.indexOf("<", j + 1) : codeBetween(text, 60, j + 1, close);
    if (close < 0 || lt >= 0) {
      fail(`the value of '${attrName}' is not closed`, j);
      return lt < 0 ? n : lt;
    }
    e.attributes.push({
      name: attrName,
      value: decodeEntities(text.slice(j + 1, close)),
      start: j + 1,
    });
    j = close + 1;
  }
}

/** The first offset of character `c` in `[from, to)` of `text`, or −1. */
function codeBetween(text: Chars, c: number, from: number, to: number): number {
  for (let i = from; i < to; i++) if (text.code(i) === c) return i;
  return -1;
}

function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (m, e: string) => {
    if (e.startsWith("#x")) return safeCodePoint(Number.parseInt(e.slice(2), 16), m);
    if (e.startsWith("#")) return safeCodePoint(Number.parseInt(e.slice(1), 10), m);
    return ENTITIES[e] ?? m;
  });
}

function safeCodePoint(cp: number, fallback: string): string {
  return cp >= 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : fallback;
}
