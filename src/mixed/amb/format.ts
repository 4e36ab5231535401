/** The `.amb` format's descriptor for the format registry. */
import { defineFormat, textMagic } from "../../core/formats/descriptor.js";
import { MIXED_MESSAGES_RU } from "../i18n-ru.js";
import { AMB_MAGIC, AMB_TEXT_MAGIC } from "./binary-layout.js";
import { AMB } from "./codes.js";
import { ambInfo } from "./info.js";

/** MBS animation (`*.amb`): binary (magic `\x89AMB…`) or text (`DEFORMA-AMB 1`). */
export const AMB_FORMAT = defineFormat({
  id: "amb",
  label: "MBS animation",
  labels: { ru: "MBS-анимация" },
  messages: { ru: MIXED_MESSAGES_RU },
  system: "mixed",
  extensions: [".amb"],
  magic: [{ variant: "binary", bytes: AMB_MAGIC }, textMagic("text", AMB_TEXT_MAGIC)],
  // The reader loads on first use: recognising a file (every CLI command) needs only the magic.
  async read(bytes) {
    const { readAmb } = await import("./read.js");
    const r = readAmb(bytes);
    return { model: r.model, diagnostics: r.diagnostics, text: r.text, variant: r.encoding };
  },
  summary: ambInfo,
  codes: [AMB],
  docsPage: "amb.md",
});
