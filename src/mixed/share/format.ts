/** The packed mesh series' descriptor for the format registry. */
import { defineFormat } from "../../core/formats/descriptor.js";
import { agrInfo } from "../agr/info.js";
import { MIXED_MESSAGES_RU } from "../i18n-ru.js";
import { MESH_PACK } from "./codes.js";
import { MESH_PACK_MAGIC } from "./header.js";

/** Packed mesh series (`*.dmesh`, magic `\x89DMESH\r\n`): a mesh animation's compact frames, as a shared page carries them. */
export const MESH_PACK_FORMAT = defineFormat({
  id: "dmesh",
  label: "packed mesh series",
  labels: { ru: "сжатая серия сетки" },
  messages: { ru: MIXED_MESSAGES_RU },
  system: "mixed",
  extensions: [".dmesh"],
  magic: [{ variant: "binary", bytes: MESH_PACK_MAGIC }],
  async read(bytes) {
    const { unpackMesh } = await import("./decode.js");
    const r = await unpackMesh(bytes);
    return { model: r.model, diagnostics: r.diagnostics, variant: "binary" };
  },
  summary: agrInfo,
  codes: [MESH_PACK],
  docsPage: "mesh-pack.md",
  workspace: "mesh",
});
