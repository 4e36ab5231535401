/**
 * The mesh workspace (`#/mesh?file=…`): one file of a mesh format (an `.agr`,
 * a VTK series: any format the registry says opens here) alone in the
 * mixed viewer — one mesh body at the origin over the mesh's own time span,
 * with the mixed workspace's panels (bodies with scalars, colour maps and
 * exaggeration, legend, probe, timeline). For a VTK series it says what it
 * chose (type, displacement array, scalar); the Bodies panel switches scalars.
 */
import type { FormatRegistry } from "../../../src/core/formats/index.js";
import { reportHasErrors } from "../../../src/core/report.js";
import {
  loadMeshFile,
  loadMeshSeries,
  type MeshFile,
  patternMembers,
  type VtkChoice,
} from "../../../src/mixed/index.js";
import { meshAloneScene } from "../../../src/mixed/sample/index.js";
import { batchedReader, listFiles } from "../api.js";
import { t } from "../i18n.js";
import { isNumberedSeries, type Route } from "../route.js";
import { exportTools } from "./export-panel.js";
import { loadMeshOnServer, prefetchMeshOnServer } from "./mesh-server.js";
import { loadStreamed } from "./stream-loader.js";
import {
  type LoadedScene,
  MixedWorkspace,
  readSceneFile,
  type SceneLoader,
  sceneFileFailure,
} from "./workspace.js";
import "./strings.js";

/**
 * The Mesh workspace's early start (the shell's `prefetch`): a deep link to a
 * file the server opens (not an `.agr`, which may be streamed by ranges
 * instead) starts its open before the page is built (decision 223).
 */
export function prefetchMesh(route: Route): void {
  const file = route.file;
  if (!file || file.toLowerCase().endsWith(".agr")) return;
  prefetchMeshOnServer(file, isNumberedSeries(route));
}

/** Reads a file as {@link loadMeshFile} does with the readers of `formats` and makes it a one-body scene. */
export function meshSceneLoader(formats: FormatRegistry): SceneLoader {
  return async (file, route) => {
    const isNumbered = isNumberedSeries(route);
    const streamed = isNumbered ? undefined : await loadStreamed(file, route);
    if (streamed) return streamed;
    // Opened by the server (decision 224); what it does not open is read on the page.
    const served = await loadMeshOnServer(file, isNumbered);
    if (served && "error" in served)
      return sceneFileFailure(file, { status: "unreadable", reason: served.error });
    if (served) return meshScene(file, served);
    if (isNumbered) return meshScene(file, await numbered(file));
    const r = await loadOnPage(file, formats);
    if (!("report" in r)) return r.loaded;
    return meshScene(file, r);
  };

  /** The numbered series `pattern` names among the project's files, read as one (decision 188). */
  async function numbered(pattern: string): Promise<MeshFile> {
    const paths = (await listFiles()).files.map((f) => f.path);
    const read = batchedReader();
    // Every member asked for at once: the batched reader gathers them into few requests.
    const members = patternMembers(pattern, paths);
    const got = await Promise.all(members.map((m) => read(m.path)));
    const files = [];
    for (const [i, m] of members.entries()) {
      const src = got[i]!;
      if (src.status !== "ok") return { report: [...sceneFileFailure(m.path, src).report] };
      files.push({ name: m.path, bytes: src.bytes });
    }
    return loadMeshSeries(pattern, files, read, formats);
  }
}

/** Reads `file` on the page (the worker's fallback): its bytes, then {@link loadMeshFile} with `formats`. */
async function loadOnPage(
  file: string,
  formats: FormatRegistry,
): Promise<MeshFile | { loaded: LoadedScene }> {
  const bytes = await readSceneFile(file);
  if (!(bytes instanceof Uint8Array)) return { loaded: bytes };
  return loadMeshFile(file, bytes, batchedReader(), formats);
}

/** The one-body scene of a mesh file as loaded, with its load note. */
function meshScene(file: string, r: MeshFile): LoadedScene {
  const scene = r.model && !reportHasErrors(r.report) ? meshAloneScene(file, r.model) : undefined;
  const vtk = r.vtk;
  return { report: r.report, scene, ...(vtk ? { note: () => vtkNote(vtk) } : {}) };
}

/** What was chosen for a VTK series, in words. */
export function vtkNote(c: VtkChoice): string {
  const type = c.type === 1 ? t("mesh.type1") : t("mesh.type0");
  const parts = [t("mesh.vtkType", { type })];
  if (c.displacement !== undefined) parts.push(t("mesh.vtkDisplacement", { name: c.displacement }));
  if (c.notWarped !== undefined) parts.push(t("mesh.vtkNotWarped", { name: c.notWarped }));
  parts.push(t("mesh.vtkScalar", { name: c.scalar }));
  if (c.others.length > 0)
    parts.push(t("mesh.vtkOthers", { names: c.others.map((n) => `“${n}”`).join(", ") }));
  return `${parts.join("; ")}. ${t("mesh.vtkSwitch")}`;
}

/** The mesh workspace, opening the mesh formats of `formats` (the page's registry). */
export function meshWorkspace(formats: FormatRegistry): MixedWorkspace {
  return new MixedWorkspace({
    id: "mesh",
    load: meshSceneLoader(formats),
    pick: "mesh.pick",
    tools: exportTools,
  });
}
