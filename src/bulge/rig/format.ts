/** The rig format's descriptor for the format registry. */
import { decodeText } from "../../core/bytes.js";
import { defineFormat } from "../../core/formats/descriptor.js";
import { BULGE_MESSAGES_RU } from "../i18n-ru.js";
import { RIG } from "./codes.js";
import type { Rig } from "./model.js";

/** A short summary of a rig for the studio's file view. */
export function rigSummary(rig: Rig): unknown {
  return {
    mesh: rig.mesh ?? null,
    joints: rig.joints.map((j) => ({
      name: j.name,
      parent: j.parent,
      bulgeCode: j.bulge?.code ?? null,
    })),
  };
}

/** Skeleton rig with bulge attributes (`*.rig.json`): JSON, recognised by its name. */
export const RIG_FORMAT = defineFormat({
  id: "rig",
  label: "skeleton rig",
  labels: { ru: "скелет" },
  messages: { ru: BULGE_MESSAGES_RU },
  system: "bulge",
  extensions: [".rig.json"],
  // The reader loads on first use: recognising a file (every CLI command) needs only the magic.
  // The companion check: the bulge codes against the catalogue beside the rig (RIG020), when
  // the caller gives a reader, so `check` reports what `rig check` does.
  async read(bytes, name, context) {
    const { readRig } = await import("./read.js");
    const { catalogueBeside, readProjectCatalogue, rigReport } = await import("../project.js");
    const text = decodeText(bytes);
    const r = readRig(text);
    const catalogue =
      context?.read && r.model
        ? await readProjectCatalogue(context.read, catalogueBeside(name), name)
        : undefined;
    const diagnostics = catalogue ? rigReport(name, text, catalogue, r).diagnostics : r.diagnostics;
    return { model: r.model, diagnostics, text };
  },
  summary: rigSummary,
  codes: [RIG],
  docsPage: "rig.md",
});
