/** Reads an `.agr` in either encoding, chosen by content (the binary magic), never by file name. */
import { type ContainerReadResult, readEitherEncoding } from "../container.js";
import { AGR_MAGIC } from "./binary-layout.js";
import { AGR } from "./codes.js";
import type { MeshAnimation } from "./model.js";
import { readAgrBinary } from "./read-binary.js";
import { readAgrText } from "./read-text.js";

/** What {@link readAgr} found (findings in source order of reading). */
export type AgrReadResult = ContainerReadResult<MeshAnimation>;

/**
 * Reads a mesh animation from bytes or text. Binary when the bytes start with
 * the `.agr` magic; otherwise UTF-8 text. Never throws; binary arrays are
 * views into `data.buffer` when `data.byteOffset` is a multiple of 8.
 */
export function readAgr(data: Uint8Array | string): AgrReadResult {
  return readEitherEncoding(data, AGR_MAGIC, readAgrBinary, readAgrText, AGR.textTooLarge);
}
