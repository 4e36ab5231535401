/**
 * CalculiX results (`*.frd`) as a registry format: its steps are the frames
 * of a mesh animation (`agr from`, the Mesh workspace, `check`). Recognised
 * by its first record (`    1C`, as CalculiX and cgx write it).
 */
import { defineFormat, type FormatReadResult } from "../../core/formats/descriptor.js";
import { MIXED_MESSAGES_RU } from "../i18n-ru.js";
import type { VtkFrame } from "../vtk/index.js";
import { seriesSummary } from "../vtk/summary.js";
import { FRD } from "./codes.js";

/** The first record of a `.frd`: `1C` (or a `1U`) after white space. */
const FIRST_RECORD = /^[ \t]*1[CU]/;
const head = new TextDecoder("latin1");

/** Reads a `.frd`: its steps, its findings, its text when it is all ASCII. */
async function readFrdFormat(
  bytes: Uint8Array,
  name: string,
): Promise<FormatReadResult<VtkFrame[]>> {
  // Loaded on first use: recognising files needs no reader.
  const { readFrd } = await import("./read.js");
  const r = readFrd(bytes, name);
  return {
    model: r.frames.length > 0 ? r.frames : undefined,
    diagnostics: r.diagnostics,
    text: r.text,
    variant: r.binary ? "binary" : "ASCII",
  };
}

/** CalculiX results (`*.frd`): nodes, elements and nodal results per step, ASCII or binary. */
export const FRD_FORMAT = defineFormat<VtkFrame[]>({
  id: "frd",
  label: "CalculiX results",
  labels: { ru: "результаты CalculiX" },
  system: "mixed",
  extensions: [".frd"],
  magic: [{ variant: "frd", sniff: (bytes) => FIRST_RECORD.test(head.decode(bytes)) }],
  read: readFrdFormat,
  summary: seriesSummary,
  codes: [FRD],
  messages: { ru: MIXED_MESSAGES_RU },
  docsPage: "frd.md",
  workspace: "mesh",
});
