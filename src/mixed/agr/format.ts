/** The `.agr` format's descriptor for the format registry. */
import { defineFormat, textMagic } from "../../core/formats/descriptor.js";
import { MIXED_MESSAGES_RU } from "../i18n-ru.js";
import { AGR_MAGIC, AGR_TEXT_MAGIC } from "./binary-layout.js";
import { AGR } from "./codes.js";
import { agrInfo } from "./info.js";

/** Mesh animation (`*.agr`): binary (magic `\x89AGR…`) or text (`DEFORMA-AGR 1`). */
export const AGR_FORMAT = defineFormat({
  id: "agr",
  label: "mesh animation",
  labels: { ru: "анимация сетки" },
  messages: { ru: MIXED_MESSAGES_RU },
  system: "mixed",
  extensions: [".agr"],
  magic: [{ variant: "binary", bytes: AGR_MAGIC }, textMagic("text", AGR_TEXT_MAGIC)],
  // The reader loads on first use: recognising a file (every CLI command) needs only the magic.
  async read(bytes) {
    const { readAgr } = await import("./read.js");
    const r = readAgr(bytes);
    return {
      model: r.model,
      diagnostics: r.diagnostics,
      text: r.text,
      textBytes: r.textBytes,
      variant: r.encoding,
    };
  },
  summary: agrInfo,
  codes: [AGR],
  docsPage: "agr.md",
  workspace: "mesh",
});
