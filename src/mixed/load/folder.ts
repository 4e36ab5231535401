/**
 * Loading an `.amx` with the files next to it, through an injected reader so
 * the same code runs in Node (file system) and in the browser (studio API).
 * Returns the models, the cross-file findings and each file's own findings.
 */
import { decodeText } from "../../core/bytes.js";
import { type Diagnostic, sortBySource } from "../../core/diagnostics.js";
import type { FileReader } from "../../core/file-source.js";
import { siblingPath } from "../../core/path.js";
import type { FileReport } from "../../core/report.js";
import { type MeshAnimation, readAgr } from "../agr/index.js";
import { type MbsAnimation, readAmb } from "../amb/index.js";
// Not "../amx/index.js": the .amx descriptor there loads this file to read its companions.
import { type Companion, crossCheckAmx } from "../amx/cross-check.js";
import { type AmxReadResult, readAmx } from "../amx/read.js";
import { type CadMatrices, readCad } from "../cad/index.js";

/** The name FRUND gives the CAD matrices file in a model folder. */
export const CAD_FILE_NAME = "CAD_Matrixes.dat";

/** Options of {@link loadMixedFolder}. */
export interface LoadMixedOptions {
  /** Read and check the files next to the `.amx` (default true). */
  readonly files?: boolean;
  /**
   * Opens a mesh animation another way than reading it whole here (Node: a
   * binary `.agr` larger than the frame budget frame by frame, or any `.agr`
   * into a frame arena); undefined reads it whole. The findings of a mesh
   * read frame by frame grow as frames are read: the report holds that same
   * array.
   */
  readonly openMesh?: (
    path: string,
    from: string,
  ) => Promise<
    | {
        model: MeshAnimation | undefined;
        diagnostics: Diagnostic[];
        /** A text file's source, for excerpts (as a reader gives it). */
        text?: string | undefined;
        textBytes?: Uint8Array | undefined;
      }
    | undefined
  >;
}

/** Everything read for one `.amx`. */
export interface MixedFolder {
  readonly amx: AmxReadResult;
  readonly cad?: Companion<CadMatrices>;
  readonly mbs?: Companion<MbsAnimation>;
  /** Keyed by the file name as written in the `.amx`. */
  readonly meshes: ReadonlyMap<string, Companion<MeshAnimation>>;
  /** The `.amx`'s findings first (own and cross-file), then each companion's. */
  readonly report: FileReport[];
}

/**
 * Reads the `.amx` at `path` (its text given) and, unless `files` is false,
 * `CAD_Matrixes.dat`, the MBS animation and every mesh animation next to it.
 */
export async function loadMixedFolder(
  path: string,
  text: string,
  read: FileReader,
  options: LoadMixedOptions = {},
): Promise<MixedFolder> {
  const amx = readAmx(text);
  const own: Diagnostic[] = [...amx.diagnostics];
  const report: FileReport[] = [];
  const meshes = new Map<string, Companion<MeshAnimation>>();
  if (options.files === false) {
    return { amx, meshes, report: [{ file: path, text, diagnostics: own }] };
  }
  const load = async <T>(
    file: string,
    parse: (bytes: Uint8Array) => {
      model: T | undefined;
      diagnostics: readonly Diagnostic[];
      text?: string | undefined;
      textBytes?: Uint8Array | undefined;
    },
  ): Promise<Companion<T>> => {
    const input = await read(file, path);
    if (input.status !== "ok") return input;
    const r = parse(input.bytes);
    if (r.diagnostics.length > 0) {
      report.push({ file, text: r.text, textBytes: r.textBytes, diagnostics: r.diagnostics });
    }
    return r.model === undefined ? { status: "invalid" } : { status: "ok", model: r.model };
  };
  const cad = await load(siblingPath(path, CAD_FILE_NAME), (bytes) => {
    const t = decodeText(bytes);
    return { ...readCad(t), text: t };
  });
  const mbs =
    amx.model.mbs === "" ? undefined : await load(siblingPath(path, amx.model.mbs), readAmb);
  for (const b of amx.model.bodies) {
    for (const a of b.animations) {
      if (meshes.has(a.file)) continue;
      const file = siblingPath(path, a.file);
      const streamed = await options.openMesh?.(file, path);
      if (!streamed) {
        meshes.set(a.file, await load(file, readAgr));
        continue;
      }
      // A mesh read frame by frame is listed even without findings yet: frames read later may add some.
      if (streamed.diagnostics.length > 0 || streamed.model?.frames)
        report.push({
          file,
          text: streamed.text,
          textBytes: streamed.textBytes,
          diagnostics: streamed.diagnostics,
        });
      meshes.set(
        a.file,
        streamed.model ? { status: "ok", model: streamed.model } : { status: "invalid" },
      );
    }
  }
  own.push(...crossCheckAmx(amx.model, amx.spans, { cad, ...(mbs ? { mbs } : {}), meshes }));
  return {
    amx,
    cad,
    ...(mbs ? { mbs } : {}),
    meshes,
    report: [{ file: path, text, diagnostics: sortBySource(own) }, ...report],
  };
}
