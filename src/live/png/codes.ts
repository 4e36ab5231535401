/**
 * Diagnostic codes of PNG pictures (the key frames of a live scene,
 * docs/formats/png.md): the picture itself (PNG001–PNG009, at a byte of the
 * file) and a scene's reference to it (PNG010–PNG019, at the frame's `image`
 * value in the scene, reported by `live check` and `live render`).
 */
import type { CodeOf, DiagnosticTable, KindOf } from "../../core/diagnostics.js";

/** PNG diagnostic kinds. */
export const PNG = {
  signature: {
    code: "PNG001",
    args: [],
    severity: "error",
    summary: "The file does not start with the PNG signature: it is no PNG picture.",
  },
  corrupt: {
    code: "PNG002",
    severity: "error",
    summary:
      "The PNG cannot be decoded: truncated, a chunk's checksum wrong, bad compressed data or header (the decoder's words follow).",
  },
  tooLarge: {
    code: "PNG003",
    args: ["width", "height", "max"],
    severity: "error",
    summary:
      "The PNG's header declares more pixels than the reader accepts (or a zero width or height); not decoded.",
  },
  missing: {
    code: "PNG010",
    args: ["frame", "image"],
    severity: "error",
    summary: "A frame's picture file does not exist or cannot be read.",
  },
  notFile: {
    code: "PNG011",
    args: ["frame", "image"],
    severity: "error",
    summary: "A frame's picture is not a regular file (a folder, a device, a FIFO).",
  },
  outside: {
    code: "PNG012",
    args: ["frame", "image"],
    severity: "error",
    summary:
      "A frame's picture resolves outside the scene's folder (a symbolic link leading out); not read unless `--allow-outside`.",
  },
  size: {
    code: "PNG013",
    args: ["frame", "image", "width", "height", "sceneWidth", "sceneHeight"],
    severity: "error",
    summary: "A frame's picture is not of the scene's size.",
  },
} as const satisfies DiagnosticTable;

/** A PNG diagnostic kind. */
export type PngKind = KindOf<typeof PNG>;
/** A PNG diagnostic code (`PNG001` …). */
export type PngCode = CodeOf<typeof PNG>;
