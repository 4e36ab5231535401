/**
 * Byte layout of the `.amb` binary encoding, version 1 (little-endian; every
 * section starts at a multiple of 8). See `docs/formats/amb.md`.
 */
import { pad8 } from "../../core/bytes.js";
import { binaryMagic } from "../container.js";

/** The 8 magic bytes `\x89AMB\r\n\x1a\n` that start a binary `.amb`. */
export const AMB_MAGIC: Uint8Array = binaryMagic("AMB");

/** Size of the fixed header, bytes. */
export const AMB_HEADER_BYTES = 32;

/** Size of one body record, bytes. */
export const AMB_BODY_BYTES = 32;

/** Byte offsets of the header's u32 fields after the magic and version (`../container.ts`). */
export const AMB_HEADER = {
  bodyCount: 12,
  frameCount: 16,
  nameBytes: 20,
  reserved0: 24,
  reserved1: 28,
} as const;

/** Byte offsets of the sections, and the total file size. */
export interface AmbLayout {
  bodies: number;
  names: number;
  times: number;
  matrices: number;
  total: number;
}

/** Computes the section offsets for the given counts. */
export function ambLayout(bodyCount: number, frameCount: number, nameBytes: number): AmbLayout {
  const bodies = AMB_HEADER_BYTES;
  const names = bodies + AMB_BODY_BYTES * bodyCount;
  const times = names + pad8(nameBytes);
  const matrices = times + 8 * frameCount;
  return { bodies, names, times, matrices, total: matrices + 96 * frameCount * bodyCount };
}

/** First token of an `.amb` text file (the text encoding's magic). */
export const AMB_TEXT_MAGIC = "DEFORMA-AMB";
