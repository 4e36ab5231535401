/**
 * The picture every live engine works on: 8-bit RGBA, row-major, top row
 * first, no padding (`data.length === width * height * 4`), straight (not
 * premultiplied) alpha. Never a canvas or a file: PNG I/O is at `png.ts`.
 */

/** An RGBA picture; see the module comment. */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/** A new transparent-black picture of `width` × `height`. */
export function createImage(width: number, height: number): RgbaImage {
  return { width, height, data: new Uint8ClampedArray(width * height * 4) };
}

/** A copy of `image` with its own pixels. */
export function cloneImage(image: RgbaImage): RgbaImage {
  return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) };
}
