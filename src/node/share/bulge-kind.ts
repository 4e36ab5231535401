/**
 * The `bulge` kind of a shared page, for `<deforma-bulge>` (decision 346): a
 * character — a rig (`*.rig.json`) with the mesh it names (an OBJ or a
 * `.glb`), or a skinned `.glb` alone — and the catalogue
 * `misc_data/bulge_types` beside it, packed as `{ kind, character, files }`
 * (src/core/typed-pack.ts; `files` by their paths from the character's
 * folder, as the Bulges workspace reads a project). A catalogue alone has no
 * character (FMT017); a character the flex slider cannot bend (no bulge
 * joint, no skin, a rig off its mesh) is FMT018; a mesh that cannot be read
 * is FMT010 at the rig's `mesh`.
 */

import { readGltf, rigFromGltf } from "../../bulge/gltf/index.js";
import {
  CATALOGUE_PATH,
  catalogueBeside,
  projectCatalogue,
  type Rig,
  readObj,
  readRig,
  rigMisfit,
  rigReport,
} from "../../bulge/index.js";
import { decodeText } from "../../core/bytes.js";
import type { Diagnostic } from "../../core/diagnostics.js";
import { FORMAT } from "../../core/formats/index.js";
import { msg } from "../../core/message.js";
import { baseName, siblingPath } from "../../core/path.js";
import type { FileReport } from "../../core/report.js";
import { packTyped } from "../../core/typed-pack.js";
import type { ShareInput, ShareKind, SharePack } from "./types.js";

/** The element the kind plays in. */
export const BULGE_TAG = "deforma-bulge";

/** The `bulge` kind: a rig, a `.glb` character, or (refused with FMT017) a catalogue. */
export const BULGE_SHARE: ShareKind = {
  id: "bulge",
  detect: (input) => {
    const id = input.format?.id;
    return id === "rig" || id === "glb" || id === "bulge-types";
  },
  pack: packBulge,
};

/** Plain Uint8Array views (a Node Buffer is not one of typed-pack's kinds). */
const plain = (b: Uint8Array) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/** One finding in `file` (its text, when it is one) at `[start, end]`. */
function finding(
  file: string,
  text: string | undefined,
  d: Omit<Diagnostic, "start" | "end">,
  at: readonly [number, number] = [0, 0],
): FileReport {
  return { file, text, diagnostics: [{ ...d, start: at[0], end: at[1] }] };
}

/** FMT018: the character has nothing the flex slider can bend. */
function cannotBend(file: string, text: string | undefined, reason: string): SharePack {
  const m = msg`the character cannot be shown with a bulge: ${{ reason }}`;
  return {
    report: [finding(file, text, { ...FORMAT.shareNoBend, message: m.text, args: m.args })],
  };
}

async function packBulge(input: ShareInput): Promise<SharePack> {
  const { file } = input;
  const name = baseName(file);
  if (input.format?.id === "bulge-types") {
    const m = msg`a catalogue alone has no character to show; share a rig (*.rig.json) or a .glb character, with ${{ file: name }} in misc_data/ beside it`;
    const text = decodeText(input.bytes);
    const report = [
      finding(file, text, { ...FORMAT.shareNoCharacter, message: m.text, args: m.args }),
    ];
    return { report };
  }
  const files: Record<string, Uint8Array> = { [name]: plain(input.bytes) };
  const catalogue = await input.read(catalogueBeside(file), file);
  if (catalogue.status === "ok") files[CATALOGUE_PATH] = plain(catalogue.bytes);
  const catalogueText = catalogue.status === "ok" ? decodeText(catalogue.bytes) : undefined;
  const made =
    input.format?.id === "glb"
      ? await glbAlone(file, input.bytes)
      : await rigWithMesh(input, files, catalogueText);
  if (!made.ok) return made.pack;
  const payload = packTyped({ kind: "bulge", character: name, files });
  if (!payload) return { report: made.report };
  const attributes = made.code === undefined ? undefined : { code: String(made.code) };
  return {
    packed: { element: BULGE_TAG, payload, ...(attributes ? { attributes } : {}) },
    report: made.report,
  };
}

/** What a character's check gives: its findings and bulge code, or the pack that refuses it. */
type Made =
  | { readonly ok: true; readonly report: FileReport[]; readonly code?: number | undefined }
  | { readonly ok: false; readonly pack: SharePack };

/** A `.glb` alone: read whole, with a skin to make the rig of (as the Bulges workspace does). */
async function glbAlone(file: string, bytes: Uint8Array): Promise<Made> {
  const r = await readGltf(bytes);
  const report = r.diagnostics.length > 0 ? [{ file, diagnostics: r.diagnostics }] : [];
  if (!r.model || r.diagnostics.some((d) => d.severity === "error"))
    return { ok: false, pack: { report } };
  if (r.model.skins.length === 0)
    return { ok: false, pack: cannotBend(file, undefined, "the .glb has no skin and no rig") };
  const rig = rigFromGltf(r.model, 0, baseName(file));
  const problem = rig.diagnostics.find((d) => d.severity === "error");
  if (!rig.rig || problem)
    return { ok: false, pack: cannotBend(file, undefined, problem?.message ?? "no rig") };
  return { ok: true, report };
}

/** A rig, checked against the catalogue beside it, with the mesh it names read and checked. */
async function rigWithMesh(
  input: ShareInput,
  files: Record<string, Uint8Array>,
  catalogueText: string | undefined,
): Promise<Made> {
  const { file } = input;
  const text = decodeText(input.bytes);
  const catalogue =
    catalogueText === undefined
      ? ({ status: "missing", path: catalogueBeside(file) } as const)
      : projectCatalogue(catalogueBeside(file), catalogueText);
  const read = readRig(text);
  const report = [rigReport(file, text, catalogue, read)].filter((r) => r.diagnostics.length > 0);
  const rig = read.model;
  if (!rig || report.some((r) => r.diagnostics.some((d) => d.severity === "error")))
    return { ok: false, pack: { report } };
  const bulged = rig.joints.find((j) => j.bulge);
  const meshRef = rig.mesh ?? baseName(file).replace(/\.rig\.json$/i, ".obj");
  const source = await input.read(siblingPath(file, meshRef), file);
  if (source.status !== "ok") {
    const shown = siblingPath(file, meshRef);
    const m = msg`${{ file: shown }}, the rig's mesh, cannot be read; it cannot be put in the HTML`;
    const d = { ...FORMAT.shareCompanion, message: m.text, args: m.args };
    return { ok: false, pack: { report: [...report, finding(file, text, d, meshSpan(text))] } };
  }
  files[siblingPath(baseName(file), meshRef)] = plain(source.bytes);
  const glb = meshRef.toLowerCase().endsWith(".glb");
  const mesh = glb ? await glbMesh(source.bytes) : objMesh(source.bytes, rig);
  const meshFile = siblingPath(file, meshRef);
  if (mesh.report.length > 0) report.push({ file: meshFile, ...mesh.report[0]! });
  if (mesh.error) return { ok: false, pack: { report } };
  if (!glb && !bulged) return { ok: false, pack: cannotBend(file, text, "no joint has a bulge") };
  if (mesh.misfit) return { ok: false, pack: cannotBend(file, text, mesh.misfit) };
  return { ok: true, report, code: bulged?.bulge?.code };
}

/** A mesh's findings, whether they stop the page, and why the rig misses it. */
interface MeshCheck {
  readonly report: Omit<FileReport, "file">[];
  readonly error: boolean;
  readonly misfit?: string | undefined;
}

function objMesh(bytes: Uint8Array, rig: Rig): MeshCheck {
  const text = decodeText(bytes);
  const r = readObj(text);
  const report = r.diagnostics.length > 0 ? [{ text, diagnostics: r.diagnostics }] : [];
  const error = !r.model || r.diagnostics.some((d) => d.severity === "error");
  return {
    report,
    error,
    misfit: r.model && !error ? rigMisfit(rig, r.model.positions) : undefined,
  };
}

async function glbMesh(bytes: Uint8Array): Promise<MeshCheck> {
  const r = await readGltf(bytes);
  const report = r.diagnostics.length > 0 ? [{ diagnostics: r.diagnostics }] : [];
  return { report, error: !r.model || r.diagnostics.some((d) => d.severity === "error") };
}

/** Where the rig names its mesh (the `"mesh"` value), else its start. */
function meshSpan(text: string): [number, number] {
  const m = /"mesh"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(text);
  if (!m) return [0, 0];
  const start = m.index + m[0].length - m[1]!.length;
  return [start, start + m[1]!.length];
}
