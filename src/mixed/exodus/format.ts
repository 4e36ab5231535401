/**
 * Exodus II results (MOOSE's, Cubit's and Sierra's default output) as a
 * registry format: a series of frames, one per time step. Recognised by
 * content when a NetCDF-3 header (`CDF\x01`, `CDF\x02`, or the unread
 * `CDF\x05`) begins with Exodus dimensions, so MOOSE's adaptivity files
 * (`out.e-s002`) are known whatever their name; by name (`.e`, `.exo`,
 * `.ex2`, `.exii`) otherwise, which a NetCDF-4 (HDF5) file needs: its
 * first bytes say HDF5, not Exodus (decision 205).
 */
import { defineFormat, type FormatReadResult } from "../../core/formats/descriptor.js";
import { MIXED_MESSAGES_RU } from "../i18n-ru.js";
import type { VtkFrame } from "../vtk/model.js";
import { seriesSummary } from "../vtk/summary.js";
import { EXO } from "./codes.js";

/** Dimensions the Exodus II library declares first (`len_string`, …) or that only Exodus has. */
const EXODUS_DIMENSIONS = /len_string|len_name|len_line|num_dim|num_nodes|num_el_blk|time_step/;

const latin1 = new TextDecoder("latin1");

/** Whether `head` is a NetCDF-3 header whose first dimensions are Exodus II's. */
export function sniffExodus(head: Uint8Array): boolean {
  const cdf = head[0] === 0x43 && head[1] === 0x44 && head[2] === 0x46;
  return cdf && [1, 2, 5].includes(head[3]!) && EXODUS_DIMENSIONS.test(latin1.decode(head));
}

async function read(bytes: Uint8Array, name: string): Promise<FormatReadResult<VtkFrame[]>> {
  // Loaded on first use: recognising files needs no Exodus reader.
  const { readExodus } = await import("./read.js");
  const r = await readExodus(bytes, name);
  return {
    model: r.frames && r.frames.length > 0 ? r.frames : undefined,
    diagnostics: r.diagnostics,
    ...(r.variant ? { variant: r.variant } : {}),
  };
}

/** Exodus II results, NetCDF-3 or NetCDF-4/HDF5: a time series of frames. */
export const EXODUS_FORMAT = defineFormat<VtkFrame[]>({
  id: "exodus",
  label: "Exodus II results",
  labels: { ru: "результаты Exodus II" },
  system: "mixed",
  codes: [EXO],
  messages: { ru: MIXED_MESSAGES_RU },
  docsPage: "exodus.md",
  workspace: "mesh",
  extensions: [".e", ".exo", ".ex2", ".exii"],
  magic: [{ variant: "NetCDF-3", sniff: sniffExodus }],
  binaryWithoutMagic: true,
  read,
  summary: seriesSummary,
});
