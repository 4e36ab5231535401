/**
 * The inputs the bulge commands share, each read with its findings printed
 * and refused (said: "has errors; nothing written") when it has errors: a
 * rig, and a `.glb` with its bytes and document kept for a bake.
 */
import { type GltfReadResult, readGltf } from "../../bulge/gltf/index.js";
import { type Rig, readRig } from "../../bulge/rig/index.js";
import { formatReport, reportHasErrors } from "../../core/report.js";
import { inputBytes, inputTextReport, shownName } from "../input.js";
import type { CliIo } from "../io.js";
import type { FormatId } from "../sniff.js";

/** The rig at `path`; undefined when it has errors (both printed). */
export async function readRigReported(io: CliIo, path: string): Promise<Rig | undefined> {
  const r = await inputTextReport(io, path, "rig", readRig);
  io.err(formatReport(r.report));
  if (r.model && !reportHasErrors(r.report)) return r.model;
  io.err(`${path}: has errors; nothing written\n`);
  return undefined;
}

/** A `.glb` read whole. */
export interface GltfInput extends GltfReadResult {
  readonly model: NonNullable<GltfReadResult["model"]>;
  /** The file's bytes (a bake writes them back). */
  readonly bytes: Uint8Array;
}

/** The `.glb` at `path` (`expected`: the format it must not be recognisably other than); undefined when it has errors. */
export async function readGltfReported(
  io: CliIo,
  path: string,
  expected?: FormatId,
): Promise<GltfInput | undefined> {
  const bytes = await inputBytes(io, path, expected);
  const r = await readGltf(bytes);
  const name = shownName(path);
  const report = [{ file: name, diagnostics: r.diagnostics }];
  io.err(formatReport(report));
  if (r.model && !reportHasErrors(report)) return { ...r, model: r.model, bytes };
  io.err(`${name}: has errors; nothing written\n`);
  return undefined;
}
