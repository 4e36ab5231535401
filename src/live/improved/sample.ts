/**
 * The pictures the improved engine samples, as 32-bit words (one RGBA8
 * pixel each), with a border of MARGIN copies of the edge pixels on every
 * side. Bilinear sampling of the padded picture at any position up to
 * MARGIN − 1 pixels outside equals sampling with the position clamped to
 * the picture (edge clamp), and reads its four texels without a test.
 */

/** Border width (pixels). */
export const MARGIN = 8;

/** A padded picture: `stride` = width + 2·MARGIN words per row, height + 2·MARGIN rows; (x, y) is at (y + MARGIN)·stride + x + MARGIN. */
export interface Padded {
  readonly data: Int32Array;
  readonly width: number;
  readonly height: number;
  readonly stride: number;
}

/** The words a padded picture of width × height needs. */
export function paddedLength(width: number, height: number): number {
  return (width + 2 * MARGIN) * (height + 2 * MARGIN);
}

/** Copies an RGBA picture (width, height ≥ 1) into `into` (paddedLength words), padding it. */
export function pad(
  data: Uint8ClampedArray,
  width: number,
  height: number,
  into: Int32Array,
): Padded {
  const bytes = data.byteOffset % 4 === 0 ? data : new Uint8ClampedArray(data);
  const src = new Int32Array(bytes.buffer, bytes.byteOffset, width * height);
  const stride = width + 2 * MARGIN;
  for (let y = 0; y < height + 2 * MARGIN; y++) {
    const from = Math.min(Math.max(y - MARGIN, 0), height - 1) * width;
    const to = y * stride;
    into.fill(src[from]!, to, to + MARGIN);
    into.set(src.subarray(from, from + width), to + MARGIN);
    into.fill(src[from + width - 1]!, to + MARGIN + width, to + stride);
  }
  return { data: into, width, height, stride };
}
