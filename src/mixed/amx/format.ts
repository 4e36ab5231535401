/** The `.amx` format's descriptor for the format registry. */
import { decodeText } from "../../core/bytes.js";
import { defineFormat } from "../../core/formats/descriptor.js";
import { MIXED_MESSAGES_RU } from "../i18n-ru.js";
import { AMX } from "./codes.js";

/** Mixed animation file (`*.amx`): text, no magic; the studio plays it in the Mixed workspace. */
export const AMX_FORMAT = defineFormat({
  id: "amx",
  label: "mixed animation",
  labels: { ru: "смешанная анимация" },
  messages: { ru: MIXED_MESSAGES_RU },
  system: "mixed",
  extensions: [".amx"],
  // The reader loads on first use: recognising a file (every CLI command) needs only the magic.
  async read(bytes) {
    const { readAmx } = await import("./read.js");
    const text = decodeText(bytes);
    const r = readAmx(text);
    return { model: r.model, diagnostics: r.diagnostics, text };
  },
  summary: (model) => model,
  codes: [AMX],
  docsPage: "amx.md",
  workspace: "mixed",
});
