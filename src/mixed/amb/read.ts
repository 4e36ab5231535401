/** Reads an `.amb` in either encoding, chosen by content (the binary magic), never by file name. */
import { type Diagnostic, startsWith } from "../../core/index.js";
import { AMB_MAGIC } from "./binary-layout.js";
import type { MbsAnimation } from "./model.js";
import { readAmbBinary } from "./read-binary.js";
import { readAmbText } from "./read-text.js";

/** What {@link readAmb} found. */
export interface AmbReadResult {
  /** The model; undefined only when nothing usable could be read (wrong magic or version, truncated binary). */
  model: MbsAnimation | undefined;
  /** Findings; offsets are characters of `text` (text) or bytes (binary). */
  diagnostics: Diagnostic[];
  /** Which encoding the content was. */
  encoding: "text" | "binary";
  /** The decoded source when the encoding is text (for `locate` / `formatDiagnostics`). */
  text?: string;
}

const decoder = new TextDecoder("utf-8", { fatal: false });

/**
 * Reads an MBS animation from bytes or text. Binary when the bytes start with
 * the `.amb` magic; otherwise UTF-8 text. Never throws; binary `times` and
 * `matrices` are views into `data.buffer` when `data.byteOffset` is a multiple of 8.
 */
export function readAmb(data: Uint8Array | string): AmbReadResult {
  if (typeof data !== "string" && startsWith(data, AMB_MAGIC)) {
    return { ...readAmbBinary(data), encoding: "binary" };
  }
  const text = typeof data === "string" ? data : decoder.decode(data);
  return { ...readAmbText(text), encoding: "text", text };
}
