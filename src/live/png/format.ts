/** The PNG picture's descriptor for the format registry (`deforma check frame.png`, the studio's file list). */
import { defineFormat } from "../../core/formats/descriptor.js";
import { LIVE_MESSAGES_RU } from "../i18n-ru.js";
import type { RgbaImage } from "../image.js";
import { PNG } from "./codes.js";

/** The PNG signature (the first 8 bytes of every PNG file). */
const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG picture (`*.png`), a live scene's key frame. */
export const PNG_FORMAT = defineFormat<RgbaImage>({
  id: "png",
  label: "PNG picture",
  labels: { ru: "рисунок PNG" },
  messages: { ru: LIVE_MESSAGES_RU },
  system: "live",
  extensions: [".png"],
  magic: [{ variant: "binary", bytes: PNG_SIGNATURE }],
  // The reader loads on first use: recognising a file (every CLI command) needs only the magic.
  async read(bytes) {
    const { decodePngBounded } = await import("./bounded.js");
    const r = await decodePngBounded(bytes);
    return { model: r.image, diagnostics: r.diagnostics, variant: "binary" };
  },
  summary: (image) => ({ width: image.width, height: image.height }),
  codes: [PNG],
  docsPage: "png.md",
  mediaType: "image/png",
});
