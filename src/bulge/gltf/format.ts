/** The binary glTF format's descriptor for the format registry (skinned characters `bulge apply` deforms). */
import { defineFormat } from "../../core/formats/descriptor.js";
import { BULGE_MESSAGES_RU } from "../i18n-ru.js";
import { GLT } from "./codes.js";
import type { GltfAsset } from "./model.js";

/** Binary glTF 2.0 (`*.glb`): magic `glTF`. */
export const GLB_FORMAT = defineFormat<GltfAsset>({
  id: "glb",
  label: "binary glTF",
  labels: { ru: "двоичный glTF" },
  messages: { ru: BULGE_MESSAGES_RU },
  system: "bulge",
  extensions: [".glb"],
  magic: [{ variant: "binary", bytes: new Uint8Array([0x67, 0x6c, 0x54, 0x46]) }],
  // The reader (and glTF-Transform) load on first use: recognising a file needs only the magic.
  async read(bytes) {
    const { readGltf } = await import("./read.js");
    const r = await readGltf(bytes);
    return { model: r.model, diagnostics: r.diagnostics };
  },
  summary: (m) => ({
    meshes: m.meshes.map((x) => ({
      name: x.name,
      vertices: x.mesh.positions.length / 3,
      skinned: x.skin >= 0,
    })),
    nodes: m.nodes.length,
    joints: m.skins.reduce((n, s) => n + s.joints.length, 0),
    animations: m.animations,
  }),
  codes: [GLT],
  docsPage: "glb.md",
});
