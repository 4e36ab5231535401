/**
 * Byte layout of the `.agr` binary encoding, version 1 (little-endian; every
 * section starts at a multiple of 8). See `docs/formats/agr.md`.
 */
import { pad8 } from "../../core/bytes.js";
import { binaryMagic } from "../container.js";

/** The 8 magic bytes `\x89AGR\r\n\x1a\n` that start a binary `.agr`. */
export const AGR_MAGIC: Uint8Array = binaryMagic("AGR");

/** Size of the fixed header, bytes. */
export const AGR_HEADER_BYTES = 48;

/** Byte offsets of the header's u32 fields after the magic and version (`../container.ts`). */
export const AGR_HEADER = {
  type: 12,
  nodeCount: 16,
  cellCount: 20,
  connectivityLength: 24,
  scalarCount: 28,
  vectorCount: 32,
  frameCount: 36,
  descriptorBytes: 40,
  reserved: 44,
} as const;

/** Flag bit of a parameter descriptor: the parameter is stored for every frame. */
export const FLAG_VARYING = 1;

/** The counts a layout depends on. */
export interface AgrCounts {
  nodeCount: number;
  cellCount: number;
  connectivityLength: number;
  frameCount: number;
  descriptorBytes: number;
  scalarVarying: readonly boolean[];
  vectorVarying: readonly boolean[];
}

/** Byte offsets of every section, and the total file size (may exceed 2⁵³ only for absurd headers). */
export interface AgrLayout {
  times: number;
  positions: number;
  cellTypes: number;
  connectivity: number;
  scalars: number[];
  vectors: number[];
  total: number;
}

/** Computes the section offsets for the given counts. */
export function agrLayout(c: AgrCounts): AgrLayout {
  const n = c.nodeCount;
  const f = c.frameCount;
  const times = pad8(AGR_HEADER_BYTES + c.descriptorBytes);
  const positions = times + 8 * f;
  const cellTypes = positions + pad8(12 * n);
  const connectivity = cellTypes + pad8(c.cellCount);
  let at = connectivity + pad8(4 * c.connectivityLength);
  const scalars = c.scalarVarying.map((v) => {
    const o = at;
    at += pad8(4 * n * (v ? f : 1));
    return o;
  });
  const vectors = c.vectorVarying.map((v) => {
    const o = at;
    at += pad8(12 * n * (v ? f : 1));
    return o;
  });
  return { times, positions, cellTypes, connectivity, scalars, vectors, total: at };
}

/** First token of an `.agr` text file (the text encoding's magic). */
export const AGR_TEXT_MAGIC = "DEFORMA-AGR";
