/** Reads an `.agr` in either encoding, chosen by content (the binary magic), never by file name. */
import { type Diagnostic, startsWith } from "../../core/index.js";
import { AGR_MAGIC } from "./binary-layout.js";
import type { MeshAnimation } from "./model.js";
import { readAgrBinary } from "./read-binary.js";
import { readAgrText } from "./read-text.js";

/** What {@link readAgr} found. */
export interface AgrReadResult {
  /** The model; undefined only when nothing usable could be read (wrong magic or version, truncated binary). */
  model: MeshAnimation | undefined;
  /** Findings in source order of reading; offsets are characters of `text` (text) or bytes (binary). */
  diagnostics: Diagnostic[];
  /** Which encoding the content was. */
  encoding: "text" | "binary";
  /** The decoded source when the encoding is text (for `locate` / `formatDiagnostics`). */
  text?: string;
}

const decoder = new TextDecoder("utf-8", { fatal: false });

/**
 * Reads a mesh animation from bytes or text. Binary when the bytes start with
 * the `.agr` magic; otherwise UTF-8 text. Never throws; binary arrays are
 * views into `data.buffer` when `data.byteOffset` is a multiple of 8.
 */
export function readAgr(data: Uint8Array | string): AgrReadResult {
  if (typeof data !== "string" && startsWith(data, AGR_MAGIC)) {
    return { ...readAgrBinary(data), encoding: "binary" };
  }
  const text = typeof data === "string" ? data : decoder.decode(data);
  return { ...readAgrText(text), encoding: "text", text };
}
