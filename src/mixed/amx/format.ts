/** The `.amx` format's descriptor for the format registry. */
import { decodeText } from "../../core/bytes.js";
import type { FileReader } from "../../core/file-source.js";
import { defineFormat, type FormatReadResult } from "../../core/formats/descriptor.js";
import { MIXED_MESSAGES_RU } from "../i18n-ru.js";
import { AMX } from "./codes.js";
import type { MixedAnimation } from "./model.js";

/**
 * Reads an `.amx`; with a companion reader also `CAD_Matrixes.dat`, the MBS
 * animation and the mesh animations next to it, as `amx validate` does
 * (`loadMixedFolder`): the cross-file findings join the `.amx`'s own, each
 * companion's own findings are its related report.
 */
async function readAmxFile(
  bytes: Uint8Array,
  name: string,
  read: FileReader | undefined,
): Promise<FormatReadResult<MixedAnimation>> {
  const text = decodeText(bytes);
  if (!read) {
    const { readAmx } = await import("./read.js");
    const r = readAmx(text);
    return { model: r.model, diagnostics: r.diagnostics, text };
  }
  const { loadMixedFolder } = await import("../load/folder.js");
  const folder = await loadMixedFolder(name, text, read);
  const [own, ...related] = folder.report;
  return {
    model: folder.amx.model,
    diagnostics: own?.diagnostics ?? [],
    text,
    ...(related.length > 0 ? { related } : {}),
  };
}

/** Mixed animation file (`*.amx`): text, no magic; the studio plays it in the Mixed workspace. */
export const AMX_FORMAT = defineFormat<MixedAnimation>({
  id: "amx",
  label: "mixed animation",
  labels: { ru: "смешанная анимация" },
  messages: { ru: MIXED_MESSAGES_RU },
  system: "mixed",
  extensions: [".amx"],
  // The readers load on first use: recognising a file (every CLI command) needs only the magic.
  read: (bytes, name, context) => readAmxFile(bytes, name, context?.read),
  summary: (model) => model,
  codes: [AMX],
  docsPage: "amx.md",
  workspace: "mixed",
});
