/**
 * Loads an `.amx` and the files next to it (`CAD_Matrixes.dat`, the `.amb`,
 * the `.agr`s) and checks them together: the edge behind `amx validate`.
 */
import { dirname, join } from "node:path";
import { type Diagnostic, sortBySource } from "../core/diagnostics.js";
import type { FileReport } from "../core/report.js";
import { type MeshAnimation, readAgr } from "../mixed/agr/index.js";
import { type MbsAnimation, readAmb } from "../mixed/amb/index.js";
import {
  type AmxCompanions,
  type AmxReadResult,
  type Companion,
  crossCheckAmx,
  readAmx,
} from "../mixed/amx/index.js";
import { type CadMatrices, readCad } from "../mixed/cad/index.js";
import { decodeText, readInput } from "./files.js";

/** The name FRUND gives the CAD matrices file in a model folder. */
export const CAD_FILE_NAME = "CAD_Matrixes.dat";

/** Options of {@link checkAmxFile}. */
export interface CheckAmxOptions {
  /** Check the files next to the `.amx` (default true; `--no-files` turns it off). */
  readonly files?: boolean;
}

/** Result of {@link checkAmxFile}: the `.amx` as read, and a report per file. */
export interface AmxCheck {
  readonly amx: AmxReadResult;
  readonly report: FileReport[];
}

/**
 * Reads the `.amx` at `path` (text given) and, unless `files` is false, the
 * companions, and returns every finding: the `.amx`'s own, the cross-file
 * ones (in the `.amx`), and each companion's own (in that file).
 */
export async function checkAmxText(
  path: string,
  text: string,
  options: CheckAmxOptions = {},
): Promise<AmxCheck> {
  const amx = readAmx(text);
  const amxDiagnostics: Diagnostic[] = [...amx.diagnostics];
  const report: FileReport[] = [];
  if (options.files !== false) {
    const dir = dirname(path);
    const companions: {
      cad?: Companion<CadMatrices>;
      mbs?: Companion<MbsAnimation>;
      meshes: Map<string, Companion<MeshAnimation>>;
    } = { meshes: new Map() };
    const cadPath = join(dir, CAD_FILE_NAME);
    const cad = await loadCompanion(cadPath, report, (bytes) => {
      const t = decodeText(bytes);
      const r = readCad(t);
      return { model: r.model, diagnostics: r.diagnostics, text: t };
    });
    companions.cad = cad;
    if (amx.model.mbs !== "") {
      companions.mbs = await loadCompanion(join(dir, amx.model.mbs), report, (bytes) => {
        const r = readAmb(bytes);
        return { model: r.model, diagnostics: r.diagnostics, text: r.text };
      });
    }
    for (const b of amx.model.bodies) {
      for (const a of b.animations) {
        if (companions.meshes.has(a.file)) continue;
        companions.meshes.set(
          a.file,
          await loadCompanion(join(dir, a.file), report, (bytes) => {
            const r = readAgr(bytes);
            return { model: r.model, diagnostics: r.diagnostics, text: r.text };
          }),
        );
      }
    }
    amxDiagnostics.push(...crossCheckAmx(amx.model, amx.spans, companions satisfies AmxCompanions));
  }
  return {
    amx,
    report: [{ file: path, text, diagnostics: sortBySource(amxDiagnostics) }, ...report],
  };
}

async function loadCompanion<T>(
  path: string,
  report: FileReport[],
  read: (bytes: Uint8Array) => {
    model: T | undefined;
    diagnostics: readonly Diagnostic[];
    text?: string | undefined;
  },
): Promise<Companion<T>> {
  const input = await readInput(path);
  if (input.status !== "ok") return input;
  const r = read(input.bytes);
  if (r.diagnostics.length > 0)
    report.push({ file: path, text: r.text, diagnostics: r.diagnostics });
  return r.model === undefined ? { status: "invalid" } : { status: "ok", model: r.model };
}
