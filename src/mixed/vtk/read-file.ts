/** A VTK XML file's text apart from its appended data, and the storage context of its arrays. */
import { concatBytes, decodeText, encodeUtf8, isAscii } from "../../core/bytes.js";
import type { DiagnosticSink } from "../../core/diagnostics.js";
import { attr, attrStart, type XmlElement, type XmlSource } from "../../core/xml.js";
import { VTK } from "./codes.js";
import type { DataContext, MemoryBudget } from "./read-data.js";
import type { ArrayMemo } from "./read-memo.js";

/** How the arrays of the file with root `root` are stored (VTKFile attributes), problems reported. */
export function context(
  root: XmlElement | undefined,
  split: Split,
  sink: DiagnosticSink,
  budget: MemoryBudget,
  memo?: ArrayMemo,
): DataContext {
  let headerSize: 4 | 8 = 4;
  let compressed = false;
  if (root && root.name === "VTKFile") {
    const order = attr(root, "byte_order") ?? "LittleEndian";
    if (order !== "LittleEndian")
      sink.report(
        VTK.encoding,
        `byte_order '${order}': only LittleEndian is read`,
        attrStart(root, "byte_order"),
      );
    const h = attr(root, "header_type") ?? "UInt32";
    if (h === "UInt64") headerSize = 8;
    else if (h !== "UInt32")
      sink.report(
        VTK.encoding,
        `header_type '${h}' is not UInt32 or UInt64`,
        attrStart(root, "header_type"),
      );
    const c = attr(root, "compressor") ?? "";
    if (c === "vtkZLibDataCompressor") compressed = true;
    else if (c !== "")
      sink.report(
        VTK.encoding,
        `compressor '${c}': only vtkZLibDataCompressor (zlib) is read`,
        attrStart(root, "compressor"),
      );
  }
  return {
    source: split.source,
    ...(split.appended ? { appended: split.appended } : {}),
    appendedEncoding: split.raw ? "raw" : "base64",
    headerSize,
    compressed,
    sink,
    budget,
    memo,
  };
}

/**
 * A file's XML and its appended data. The XML is its bytes when they are all
 * ASCII (read as they are: no string of the file is made, decision 312), else
 * its decoded text; offsets into either are the same for an ASCII file.
 */
export interface Split {
  readonly source: XmlSource;
  readonly appended?: Uint8Array;
  readonly raw: boolean;
}

const OPEN = encodeUtf8("<AppendedData");
const CLOSE = encodeUtf8("</AppendedData>");

/** The XML of a file and, apart, its appended data (raw bytes are cut out of the XML). */
export function splitAppended(bytes: Uint8Array): Split {
  const at = indexOf(bytes, OPEN, 0);
  if (at < 0) return { source: xmlOf(bytes), raw: false };
  const gt = bytes.indexOf(62, at);
  const underscore = gt < 0 ? -1 : bytes.indexOf(95, gt);
  if (underscore < 0) return { source: xmlOf(bytes), raw: false };
  const tag = decodeText(bytes.subarray(at, gt));
  const raw = /encoding\s*=\s*["']raw["']/.test(tag);
  let close = lastIndexOf(bytes, CLOSE);
  if (close < underscore) close = bytes.length;
  const appended = bytes.subarray(underscore + 1, close);
  if (!raw) return { source: xmlOf(bytes), appended, raw };
  const head = bytes.subarray(0, underscore + 1);
  const tail = bytes.subarray(close);
  if (asBytes(head) && asBytes(tail)) return { source: concatBytes([head, tail]), appended, raw };
  return { source: decodeText(head) + decodeText(tail), appended, raw };
}

/**
 * Whether ASCII files are read from their bytes (decision 312). Off only in
 * the tests that check both ways give the same frames and findings.
 */
export const XML_FROM_BYTES = { on: true };

/** Whether `bytes` are read as they are (see {@link XML_FROM_BYTES}). */
function asBytes(bytes: Uint8Array): boolean {
  return XML_FROM_BYTES.on && isAscii(bytes);
}

/** The XML of `bytes` as {@link parseXml} reads it: the bytes when ASCII, else their text. */
function xmlOf(bytes: Uint8Array): XmlSource {
  return asBytes(bytes) ? bytes : decodeText(bytes);
}

function indexOf(bytes: Uint8Array, pattern: Uint8Array, from: number): number {
  const first = pattern[0]!;
  for (let i = bytes.indexOf(first, from); i >= 0; i = bytes.indexOf(first, i + 1)) {
    let k = 1;
    while (k < pattern.length && bytes[i + k] === pattern[k]) k++;
    if (k === pattern.length) return i;
  }
  return -1;
}

function lastIndexOf(bytes: Uint8Array, pattern: Uint8Array): number {
  const first = pattern[0]!;
  for (let i = bytes.lastIndexOf(first); i >= 0; i = i > 0 ? bytes.lastIndexOf(first, i - 1) : -1) {
    let k = 1;
    while (k < pattern.length && bytes[i + k] === pattern[k]) k++;
    if (k === pattern.length) return i;
  }
  return -1;
}
