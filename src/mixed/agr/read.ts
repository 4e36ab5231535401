/** Reads an `.agr` in either encoding, chosen by content (the binary magic), never by file name. */
import { decodeText, startsWith } from "../../core/bytes.js";
import type { ChunkTokenCursor } from "../../core/chunk-tokenizer.js";
import type { Diagnostic } from "../../core/diagnostics.js";
import { type ContainerReadResult, MAX_TEXT_BYTES } from "../container.js";
import type { ArrayPool } from "./array-pool.js";
import { AGR_MAGIC } from "./binary-layout.js";
import type { MeshAnimation } from "./model.js";
import { readAgrBinary } from "./read-binary.js";
import { readAgrText } from "./read-text.js";

/** What {@link readAgr} found (findings in source order of reading). */
export type AgrReadResult = ContainerReadResult<MeshAnimation>;

/**
 * Reads a mesh animation from bytes or text. Binary when the bytes start with
 * the `.agr` magic; otherwise UTF-8 text, parsed from the bytes themselves
 * (any length a Uint8Array holds). Never throws; binary arrays are views into
 * `data.buffer` when `data.byteOffset` is a multiple of 8.
 */
export function readAgr(data: Uint8Array | string): AgrReadResult {
  if (typeof data === "string") return { ...readAgrText(data), encoding: "text", text: data };
  if (startsWith(data, AGR_MAGIC)) return { ...readAgrBinary(data), encoding: "binary" };
  return readTextBytes(data, MAX_TEXT_BYTES);
}

/**
 * The text encoding read through a chunk cursor (the file never held whole),
 * when the read is clean: no finding, and the file was as long as promised.
 * `text` then decodes `whole()` on first use (a text that fits one string).
 * Undefined otherwise: the caller reads the whole file with {@link readAgr},
 * whose findings are located in its text (the located walk only on error).
 * `pool`: arrays to fill instead of new ones (decision 355).
 */
export function readAgrChunks(
  cursor: ChunkTokenCursor,
  whole: () => Uint8Array,
  maxText = MAX_TEXT_BYTES,
  pool?: ArrayPool,
): AgrReadResult | undefined {
  const read = readAgrText(cursor, { pool });
  if (!read.model || read.diagnostics.length > 0 || cursor.short) return undefined;
  const result: AgrReadResult = { model: read.model, diagnostics: [], encoding: "text" };
  if (cursor.length > maxText) return result;
  let text: string | undefined;
  return Object.defineProperty(result, "text", {
    enumerable: true,
    configurable: true,
    get(): string | undefined {
      text ??= decodeText(whole());
      return text;
    },
  });
}

/**
 * The text encoding read from its bytes. Findings are located in UTF-16
 * units of the decoded text, as for a string: when a finding lies past a
 * byte that is not ASCII (where bytes and text units part), a text that fits
 * one string (`maxText` bytes) is decoded and read again as a string; a
 * longer one keeps byte offsets. `text` is decoded only when asked for.
 */
export function readTextBytes(bytes: Uint8Array, maxText: number): AgrReadResult {
  return textResult({ ...readAgrText(bytes), encoding: "text" }, bytes, maxText);
}

/**
 * A read of text bytes as {@link readAgr} answers it: with a lazily decoded
 * `text`, or read again from the decoded text when a finding's byte offset
 * is not its text offset (and the text fits one string, `maxText` bytes).
 */
export function textResult(
  read: AgrReadResult,
  bytes: Uint8Array,
  maxText = MAX_TEXT_BYTES,
): AgrReadResult {
  if (!offsetsDiffer(bytes, read.diagnostics) || bytes.length > maxText) {
    return withLazyText(
      { model: read.model, diagnostics: read.diagnostics, encoding: "text" },
      bytes,
      maxText,
    );
  }
  const text = decodeText(bytes);
  return { ...readAgrText(text), encoding: "text", text };
}

/** Whether some finding lies past a non-ASCII byte (a BOM included), so byte and UTF-16 offsets differ. */
function offsetsDiffer(bytes: Uint8Array, diagnostics: readonly Diagnostic[]): boolean {
  let last = 0;
  for (const d of diagnostics) last = Math.max(last, d.end);
  const n = Math.min(last, bytes.length);
  for (let i = 0; i < n; i++) if (bytes[i]! >= 0x80) return true;
  return false;
}

/**
 * `result` with a `text` property that decodes `bytes` on first use, or,
 * when no string holds them, `textBytes` (findings are then located in the
 * bytes, `ByteLines`).
 */
function withLazyText(result: AgrReadResult, bytes: Uint8Array, maxText: number): AgrReadResult {
  if (bytes.length > maxText) return { ...result, textBytes: bytes };
  let text: string | undefined;
  let decoded = false;
  return Object.defineProperty(result, "text", {
    enumerable: true,
    configurable: true,
    get(): string | undefined {
      if (!decoded) {
        decoded = true;
        text = bytes.length <= maxText ? decodeText(bytes) : undefined;
      }
      return text;
    },
  });
}
