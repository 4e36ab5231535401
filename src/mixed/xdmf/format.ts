/**
 * XDMF (`*.xdmf`, `*.xmf`) with its HDF5 heavy data, as FEniCSx's
 * `XDMFFile` writes it: a series of frames (one per time step), opened by
 * `agr from`, `deforma check` and the studio's Mesh workspace. The HDF5 files
 * it names are read through the context's reader (only inside its folder);
 * their findings are reported as theirs.
 */
import {
  defineFormat,
  type FormatReadContext,
  type FormatReadResult,
} from "../../core/formats/descriptor.js";
import { MIXED_MESSAGES_RU } from "../i18n-ru.js";
import type { VtkFrame } from "../vtk/model.js";
import { seriesSummary } from "../vtk/summary.js";
import { XDM } from "./codes.js";

const head = new TextDecoder("utf-8", { fatal: false });

/** Reads the file and the HDF5 files it names: its frames, or undefined when none. */
async function readXdmfFormat(
  bytes: Uint8Array,
  name: string,
  context: FormatReadContext = {},
): Promise<FormatReadResult<VtkFrame[]>> {
  // Loaded on first use: recognising files needs no XDMF reader (nor HDF5).
  const { readXdmf } = await import("./read.js");
  const r = await readXdmf(bytes, name, context.read);
  return {
    model: r.frames.length > 0 ? r.frames : undefined,
    diagnostics: r.diagnostics,
    text: r.text,
    ...(r.related.length > 0 ? { related: r.related } : {}),
  };
}

/** XDMF 2/3 with HDF5 or inline data (FEniCSx `XDMFFile`): a series of frames. */
export const XDMF_FORMAT = defineFormat<VtkFrame[]>({
  id: "xdmf",
  label: "XDMF data (with HDF5)",
  labels: { ru: "данные XDMF (с HDF5)" },
  system: "mixed",
  extensions: [".xdmf", ".xmf"],
  magic: [{ variant: "XML", sniff: (bytes) => /<Xdmf[\s>]/.test(head.decode(bytes)) }],
  read: readXdmfFormat,
  summary: seriesSummary,
  codes: [XDM],
  messages: { ru: MIXED_MESSAGES_RU },
  docsPage: "xdmf.md",
  workspace: "mesh",
});
