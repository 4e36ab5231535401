/** RGBA8 → PNG through `fast-png` (8-bit RGBA, not interlaced; the same picture gives the same bytes). */
import { encode } from "fast-png";
import type { RgbaImage } from "../image.js";

/** The PNG file of `image` (8-bit RGBA). */
export function encodePng(image: RgbaImage): Uint8Array {
  return encode({
    width: image.width,
    height: image.height,
    data: image.data,
    depth: 8,
    channels: 4,
  });
}
