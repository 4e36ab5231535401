/**
 * Loading a bulge project: its catalogue `misc_data/bulge_types` (the
 * default catalogue written when the project has none, as Alias does; never
 * over a file), its rigs (`*.rig.json`) and the cross-check of the rigs'
 * bulge codes against the catalogue (RIG020), through an injected reader and
 * writer, so the CLI (Node) and the studio (its file API) load a project the
 * same way. Like `src/mixed/load.ts` for an `.amx`.
 */
import { decodeText } from "../core/bytes.js";
import { type Diagnostic, DiagnosticSink, sortBySource } from "../core/diagnostics.js";
import type { FileReader, FileSource } from "../core/file-source.js";
import { msg } from "../core/message.js";
import { siblingPath } from "../core/path.js";
import type { FileReport } from "../core/report.js";
import { defaultBulgeTypes } from "./catalogue/default.js";
import { CATALOGUE_PATH } from "./catalogue/format.js";
import { type BulgeTypesReadResult, readBulgeTypes } from "./catalogue/read.js";
import { RIG, type RigKind } from "./rig/codes.js";
import type { Rig } from "./rig/model.js";
import { type RigReadResult, readRig } from "./rig/read.js";
import { checkRigCodes } from "./rig/validate.js";

/** What a bulge project is read and written through; paths are the project's (`/`-separated). */
export interface BulgeProjectIo {
  /** Reads a project file. */
  readonly read: FileReader;
  /**
   * Writes a new file, never over an existing one ("exists" then). Absent:
   * a missing catalogue is not created.
   */
  readonly create?: (path: string, bytes: Uint8Array) => Promise<"created" | "exists">;
  /** The project's rig files (`*.rig.json`). Absent: only the rigs named in the options are read. */
  readonly listRigs?: () => Promise<readonly string[]>;
}

/** Options of {@link loadBulgeProject}. */
export interface LoadBulgeOptions {
  /** The catalogue's path (default `misc_data/bulge_types`). */
  readonly catalogue?: string;
  /** Create the default catalogue when it is missing (default: only at the default path). */
  readonly create?: boolean;
  /** The rigs to read (default: every rig `listRigs` gives). */
  readonly rigs?: readonly string[];
}

/** The project's catalogue, read, or why not. */
export type ProjectCatalogue =
  | {
      readonly status: "ok";
      readonly path: string;
      readonly text: string;
      readonly types: BulgeTypesReadResult;
      /** The default catalogue was written just now (the project had none). */
      readonly created: boolean;
    }
  | { readonly status: "missing"; readonly path: string }
  | { readonly status: "unreadable"; readonly path: string; readonly reason: string };

/** One rig file of a project, read. */
export interface ProjectRigFile {
  readonly path: string;
  /** The rig, or undefined when it could not be read as one (then it might reference any code). */
  readonly rig: Rig | undefined;
  /** Its text; undefined when the file could not be read. */
  readonly text: string | undefined;
}

/** A loaded bulge project. */
export interface BulgeProject {
  readonly catalogue: ProjectCatalogue;
  /** Sorted by path. */
  readonly rigs: readonly ProjectRigFile[];
  /**
   * Each rig's findings (its own, then codes the catalogue lacks, RIG020,
   * when the catalogue was read), one report per rig that has any.
   */
  readonly report: FileReport[];
}

/** Reads the catalogue at `path` (`from`: the file naming it, for companion readers). */
export async function readProjectCatalogue(
  read: FileReader,
  path: string,
  from?: string,
): Promise<ProjectCatalogue> {
  const input = await read(path, from);
  return catalogueOf(path, input, false);
}

function catalogueOf(path: string, input: FileSource, created: boolean): ProjectCatalogue {
  if (input.status === "missing") return { status: "missing", path };
  if (input.status === "unreadable") return { status: "unreadable", path, reason: input.reason };
  return projectCatalogue(path, decodeText(input.bytes), created);
}

/** A catalogue whose text is at hand (`path`: how findings name it). */
export function projectCatalogue(path: string, text: string, created = false): ProjectCatalogue {
  return { status: "ok", path, text, types: readBulgeTypes(text), created };
}

/** The codes the catalogue's lister shows. */
export function catalogueCodes(catalogue: BulgeTypesReadResult): Set<number> {
  return new Set(catalogue.model.bulges.map((d) => d.code));
}

/**
 * A rig's findings: its own, then (when `catalogue` was read) each bulge
 * code it lacks (RIG020, naming the catalogue's path), in source order.
 */
export function rigReport(
  path: string,
  text: string,
  catalogue: ProjectCatalogue,
  r: RigReadResult = readRig(text),
): FileReport {
  const diagnostics =
    r.model && r.spans && catalogue.status === "ok"
      ? sortBySource([
          ...r.diagnostics,
          ...checkRigCodes(r.model, catalogueCodes(catalogue.types), catalogue.path, r.spans),
        ])
      : catalogue.status === "unreadable"
        ? [...r.diagnostics, unreadableCatalogue(catalogue, text)]
        : r.diagnostics;
  return { file: path, text, diagnostics };
}

/** RIG050 (decision 361): the catalogue beside the rig is there but refused; at the rig's start. */
function unreadableCatalogue(
  catalogue: { readonly path: string; readonly reason: string },
  text: string,
): Diagnostic {
  const sink = new DiagnosticSink<RigKind>();
  const message = msg`the catalogue ${{ catalogue: catalogue.path }} cannot be read (${{ reason: catalogue.reason }}); bulge codes are not checked`;
  sink.report(RIG.catalogueUnreadable, message, 0, Math.min(1, text.length));
  return sink.items[0]!;
}

/** The catalogue beside a rig: `misc_data/bulge_types` in the rig's folder. */
export function catalogueBeside(rigPath: string): string {
  return siblingPath(rigPath, CATALOGUE_PATH);
}

/**
 * Loads the project: the catalogue (created from the default when missing
 * and allowed), the rigs, and their cross-check against the catalogue.
 */
export async function loadBulgeProject(
  io: BulgeProjectIo,
  options: LoadBulgeOptions = {},
): Promise<BulgeProject> {
  const path = options.catalogue ?? CATALOGUE_PATH;
  let catalogue = await readProjectCatalogue(io.read, path);
  const create = options.create ?? path === CATALOGUE_PATH;
  if (catalogue.status === "missing" && create && io.create) {
    const made = await io.create(path, new TextEncoder().encode(defaultBulgeTypes()));
    catalogue = catalogueOf(path, await io.read(path), made === "created");
  }
  const paths = [...(options.rigs ?? (await io.listRigs?.()) ?? [])].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const rigs: ProjectRigFile[] = [];
  const report: FileReport[] = [];
  for (const rigPath of paths) {
    const input = await io.read(rigPath);
    if (input.status !== "ok") {
      rigs.push({ path: rigPath, rig: undefined, text: undefined });
      continue;
    }
    const text = decodeText(input.bytes);
    const read = readRig(text);
    rigs.push({ path: rigPath, rig: read.model, text });
    const r = rigReport(rigPath, text, catalogue, read);
    if (r.diagnostics.length > 0) report.push(r);
  }
  return { catalogue, rigs, report };
}
