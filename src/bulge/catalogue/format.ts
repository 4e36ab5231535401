/** The `bulge_types` format's descriptor for the format registry. */
import { decodeText } from "../../core/bytes.js";
import { defineFormat } from "../../core/formats/descriptor.js";
import { BULGE_MESSAGES_RU } from "../i18n-ru.js";
import { BLG } from "./codes.js";
import type { BulgeCatalogue } from "./model.js";

/** A short summary of a catalogue for the studio's file view. */
export function bulgeTypesSummary(model: BulgeCatalogue): unknown {
  return {
    bulges: model.bulges.map((d) => ({ name: d.name, code: d.code, sections: d.sections.length })),
    errlog: model.errlog.length,
  };
}

/** Where a project keeps its catalogue, relative to the project folder (`/` works with node:path on every platform). */
export const CATALOGUE_PATH = "misc_data/bulge_types";

/** Alias bulge definitions (`misc_data/bulge_types`): text, no magic; recognised by its fixed name. */
export const BULGE_TYPES_FORMAT = defineFormat({
  id: "bulge-types",
  label: "bulge definitions",
  labels: { ru: "определения выпуклостей" },
  messages: { ru: BULGE_MESSAGES_RU },
  system: "bulge",
  extensions: [],
  fileNames: ["bulge_types"],
  // The reader loads on first use: recognising a file (every CLI command) needs only the magic.
  async read(bytes) {
    const { readBulgeTypes } = await import("./read.js");
    const text = decodeText(bytes);
    const r = readBulgeTypes(text);
    return { model: r.model, diagnostics: r.diagnostics, text };
  },
  summary: bulgeTypesSummary,
  codes: [BLG],
  docsPage: "bulge-types.md",
  workspace: "bulge",
});
