/**
 * The Mesh workspace's files opened by the studio server (`GET /api/mesh`,
 * decision 224): the server reads and parses them next to the disk in its
 * worker thread, and the page unpacks the result (views of the bytes, no
 * parse) and draws the outer surface the server extracted (decision 274).
 * The volume cells' node lists stay on the server until the page writes
 * them (a VTK export, {@link fetchLeftCells}; decision 350). A deep link starts this before the page is built
 * ({@link prefetchMeshOnServer}); a file the server does not open is read on
 * the page as before.
 */
import { unpackTyped } from "../../../src/core/typed-pack.js";
import { keepSurfaceCells, type MeshAnimation, type MeshFile } from "../../../src/mixed/index.js";
import { openMeshOnServer } from "../api.js";

/** What the server gave: the mesh file, `undefined` (read it on the page), or why it cannot be opened. */
export type ServerMesh = MeshFile | undefined | { readonly error: string };

/** Opens started before the page was built, by file and kind. */
const early = new Map<string, Promise<ServerMesh>>();

const key = (file: string, numbered: boolean) => `${numbered ? "n" : "f"}:${file}`;

/** Starts opening `file` on the server now; {@link loadMeshOnServer} takes this open up. */
export function prefetchMeshOnServer(file: string, numbered: boolean): void {
  const k = key(file, numbered);
  if (!early.has(k)) early.set(k, open(file, numbered));
}

/** `file` opened by the server (see {@link ServerMesh}). */
export function loadMeshOnServer(file: string, numbered: boolean): Promise<ServerMesh> {
  const k = key(file, numbered);
  const started = early.get(k);
  early.delete(k);
  return started ?? open(file, numbered);
}

/** The request web/public/early-open.js made for `file`, taken once; undefined when it made none for it. */
function takeEarlyMesh(file: string, numbered: boolean): Promise<Response> | undefined {
  const g = globalThis as {
    deformaEarlyMesh?: { file: string; numbered: boolean; reply: Promise<Response> };
  };
  const early = g.deformaEarlyMesh;
  if (!early) return undefined;
  delete g.deformaEarlyMesh;
  return early.file === file && early.numbered === numbered ? early.reply : undefined;
}

/** Models whose cells' node lists the server kept: what to ask for them, and how many. */
const left = new WeakMap<MeshAnimation, { file: string; numbered: boolean; length: number }>();

async function open(file: string, numbered: boolean): Promise<ServerMesh> {
  const r = await openMeshOnServer(file, numbered, takeEarlyMesh(file, numbered));
  if ("error" in r) return { error: r.error };
  if ("fallback" in r) return undefined;
  const got = unpackTyped(r.packed)?.value as
    | { file?: MeshFile; surface?: unknown; cellsLeft?: unknown }
    | undefined;
  const m = got?.file?.model;
  // The surface the server extracted is the view's (decision 274); one that does not fit is made here.
  const kept = m !== undefined && got?.surface !== undefined && keepSurfaceCells(m, got.surface);
  if (m && typeof got?.cellsLeft === "number") {
    // Without its cells a model has no surface to make here: it needs the one sent.
    if (!kept) return { error: "the server sent a mesh without its surface" };
    left.set(m, { file, numbered, length: got.cellsLeft });
  }
  return got?.file;
}

/**
 * Gives `m` the cells' node lists the server kept (decision 350), asking
 * for them once; true when `m` has them (or never lacked them), false when
 * they could not be had (the caller says it cannot write the cells).
 */
export async function fetchLeftCells(m: MeshAnimation): Promise<boolean> {
  const l = left.get(m);
  if (!l) return true;
  const r = await openMeshOnServer(l.file, l.numbered, undefined, true);
  if (!("packed" in r)) return false;
  const got = unpackTyped(r.packed)?.value as { file?: MeshFile } | undefined;
  const full = got?.file?.model;
  if (!full || full.connectivity.length !== l.length) return false;
  m.connectivity = full.connectivity;
  left.delete(m);
  return true;
}
