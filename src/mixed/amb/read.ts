/** Reads an `.amb` in either encoding, chosen by content (the binary magic), never by file name. */
import { type ContainerReadResult, readEitherEncoding } from "../container.js";
import { AMB_MAGIC } from "./binary-layout.js";
import { AMB } from "./codes.js";
import type { MbsAnimation } from "./model.js";
import { readAmbBinary } from "./read-binary.js";
import { readAmbText } from "./read-text.js";

/** What {@link readAmb} found. */
export type AmbReadResult = ContainerReadResult<MbsAnimation>;

/**
 * Reads an MBS animation from bytes or text. Binary when the bytes start with
 * the `.amb` magic; otherwise UTF-8 text. Never throws; binary `times` and
 * `matrices` are views into `data.buffer` when `data.byteOffset` is a multiple of 8.
 */
export function readAmb(data: Uint8Array | string): AmbReadResult {
  return readEitherEncoding(data, AMB_MAGIC, readAmbBinary, readAmbText, AMB.textTooLarge);
}
