/** The Wavefront OBJ format's descriptor for the format registry (meshes `bulge apply` deforms). */
import { decodeText } from "../../core/bytes.js";
import { defineFormat } from "../../core/formats/descriptor.js";
import { BULGE_MESSAGES_RU } from "../i18n-ru.js";
import { OBJ } from "./codes.js";
import type { PolyMesh } from "./model.js";

/** Wavefront OBJ (`*.obj`): text, no magic. */
export const OBJ_FORMAT = defineFormat<PolyMesh>({
  id: "obj",
  label: "Wavefront OBJ mesh",
  labels: { ru: "сетка Wavefront OBJ" },
  messages: { ru: BULGE_MESSAGES_RU },
  system: "bulge",
  extensions: [".obj"],
  // The reader loads on first use: recognising a file (every CLI command) needs only the magic.
  async read(bytes) {
    const { readObj } = await import("./read-obj.js");
    const text = decodeText(bytes);
    const r = readObj(text);
    return { model: r.model, diagnostics: r.diagnostics, text };
  },
  summary: (m) => ({
    vertices: m.positions.length / 3,
    faces: m.faceStart.length - 1,
    uvs: (m.uvs?.length ?? 0) / 2,
    normals: (m.normals?.length ?? 0) / 3,
  }),
  codes: [OBJ],
  docsPage: "obj.md",
});
