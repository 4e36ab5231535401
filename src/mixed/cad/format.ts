/** The `CAD_Matrixes.dat` format's descriptor for the format registry. */
import { decodeText } from "../../core/bytes.js";
import { defineFormat } from "../../core/formats/descriptor.js";
import { MIXED_MESSAGES_RU } from "../i18n-ru.js";
import { CAD } from "./codes.js";

/** CAD matrices (`CAD_Matrixes.dat`): text, no magic; recognised by its fixed name. */
export const CAD_FORMAT = defineFormat({
  id: "cad-matrixes",
  label: "CAD matrices",
  labels: { ru: "матрицы CAD" },
  messages: { ru: MIXED_MESSAGES_RU },
  system: "mixed",
  extensions: [],
  fileNames: ["CAD_Matrixes.dat"],
  // The reader loads on first use: recognising a file (every CLI command) needs only the magic.
  async read(bytes) {
    const { readCad } = await import("./read.js");
    const text = decodeText(bytes);
    const r = readCad(text);
    return { model: r.model, diagnostics: r.diagnostics, text };
  },
  summary: (model) => model,
  codes: [CAD],
  docsPage: "cad-matrixes.md",
});
