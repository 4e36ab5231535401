/** The studio server's API over the project folder (see docs/studio.md). */
import type { FileSource } from "../../src/core/file-source.js";
import type { CheckReply, FormatInfo } from "../../src/core/formats/reply.js";

/** One file of the project. */
export interface ProjectFile {
  /** Path relative to the project folder, `/`-separated. */
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  /** Id of the format the file's name gives (see `formats`), when one does. */
  readonly format?: string;
}

/** Lists the project's files and the formats the server knows. */
export async function listFiles(): Promise<{
  root: string;
  files: ProjectFile[];
  formats: FormatInfo[];
}> {
  const r = await fetch("/api/files");
  if (!r.ok) throw new Error(`listing failed: ${r.status}`);
  return (await r.json()) as { root: string; files: ProjectFile[]; formats: FormatInfo[] };
}

/** The URL of a project file's bytes (for an `<img>`: the file API's reply is sniffed as a picture). */
export function projectFileUrl(path: string): string {
  return `/api/file?path=${encodeURIComponent(path)}`;
}

/** The URL of a page of the package's documentation, e.g. `formats/amx.md` (served read-only at `/docs/`). */
export function docsUrl(page: string): string {
  return `/docs/${page.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * Whether a reply says the file is not there: asked with `missing=ok`, the
 * server answers 204 (not 404, so the console logs no error for a file that
 * may be absent: a companion, a catalogue created on first use).
 */
function isMissing(r: Response): boolean {
  return r.status === 404 || r.headers.get("X-Deforma-File") === "missing";
}

/** Reads a project file; "missing" when it is not there. */
export async function readProjectFile(path: string): Promise<FileSource> {
  try {
    const r = await fetch(`/api/file?path=${encodeURIComponent(path)}&missing=ok`);
    if (isMissing(r)) return { status: "missing" };
    if (!r.ok) return { status: "unreadable", reason: `HTTP ${r.status}` };
    return { status: "ok", bytes: new Uint8Array(await r.arrayBuffer()) };
  } catch (e) {
    return { status: "unreadable", reason: (e as Error).message };
  }
}

/** A project file's size in bytes (`HEAD`); "missing" when it is not there. */
export async function projectFileSize(path: string): Promise<number | "missing"> {
  const r = await fetch(`/api/file?path=${encodeURIComponent(path)}&missing=ok`, {
    method: "HEAD",
  });
  if (isMissing(r)) return "missing";
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  return Number(r.headers.get("Content-Length"));
}

/**
 * Reads `length` bytes at `offset` of a project file with one `Range`
 * request (fewer at the file's end); throws when the server does not
 * answer with that range.
 */
export async function readProjectRange(
  path: string,
  offset: number,
  length: number,
): Promise<Uint8Array> {
  if (length <= 0) return new Uint8Array(0);
  const r = await fetch(`/api/file?path=${encodeURIComponent(path)}`, {
    headers: { Range: `bytes=${offset}-${offset + length - 1}` },
  });
  if (r.status !== 206) throw new Error(`HTTP ${r.status} for bytes ${offset}+${length}`);
  return new Uint8Array(await r.arrayBuffer());
}

/** Writes a project file atomically; "exists" when it is there and `overwrite` is false. */
export async function writeProjectFile(
  path: string,
  data: Blob | Uint8Array,
  overwrite = false,
): Promise<"ok" | "exists"> {
  const r = await fetch(
    `/api/file?path=${encodeURIComponent(path)}${overwrite ? "&overwrite=1" : ""}`,
    {
      method: "PUT",
      headers: { "Content-Type": "application/octet-stream", "X-Deforma-Request": "1" },
      body: data as BodyInit,
    },
  );
  if (r.status === 409) return "exists";
  if (!r.ok) throw await serverError(r);
  return "ok";
}

/** `GET /api/check`: the server's check of `path` through the format registry; throws with the server's message on failure. */
export async function checkProjectFile(path: string): Promise<CheckReply> {
  const r = await fetch(`/api/check?path=${encodeURIComponent(path)}`);
  if (!r.ok) throw await serverError(r);
  return (await r.json()) as CheckReply;
}

/** The server's `{"error": …}` of a failed reply, as an Error. */
async function serverError(r: Response): Promise<Error> {
  const body = (await r.json().catch(() => ({}))) as { error?: string };
  return new Error(body.error ?? `HTTP ${r.status}`);
}

/** Most paths in one `POST /api/read` (the server's bound is 4096). */
const MAX_BATCH_PATHS = 1024;

/**
 * `POST /api/read`: the files at `paths` in one request (docs/studio.md);
 * a file the reply defers (`later`, past its byte bound) or refuses is read
 * alone with {@link readProjectFile}, so each gets the answer a single read
 * gives. Never throws.
 */
export async function readProjectFiles(paths: readonly string[]): Promise<FileSource[]> {
  let entries: { status: string; size?: number }[];
  let body: Uint8Array;
  try {
    const r = await fetch("/api/read", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Deforma-Request": "1" },
      body: JSON.stringify({ paths }),
    });
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    body = new Uint8Array(await r.arrayBuffer());
    const n = new DataView(body.buffer, body.byteOffset).getUint32(0, true);
    const head = JSON.parse(new TextDecoder().decode(body.subarray(4, 4 + n))) as {
      files: typeof entries;
    };
    entries = head.files;
    body = body.subarray(4 + n);
  } catch {
    return Promise.all(paths.map((p) => readProjectFile(p)));
  }
  let at = 0;
  return Promise.all(
    paths.map((p, i) => {
      const e = entries[i];
      if (e?.status === "missing") return { status: "missing" } as const;
      if (e?.status !== "ok" || e.size === undefined) return readProjectFile(p);
      const bytes = body.subarray(at, at + e.size);
      at += e.size;
      return { status: "ok", bytes } as const;
    }),
  );
}

/**
 * A {@link FileReader} of project files that gathers the reads asked for in
 * one turn of the event loop into one {@link readProjectFiles} request (a
 * series' reader asks for many files at once; decision 213).
 */
export function batchedReader(): (path: string) => Promise<FileSource> {
  const waiting: { path: string; done: (r: FileSource) => void }[] = [];
  const flush = () => {
    const batch = waiting.splice(0, MAX_BATCH_PATHS);
    if (waiting.length > 0) setTimeout(flush, 0);
    if (batch.length === 1) {
      void readProjectFile(batch[0]!.path).then(batch[0]!.done);
      return;
    }
    void readProjectFiles(batch.map((w) => w.path)).then((got) => {
      for (const [i, w] of batch.entries()) w.done(got[i]!);
    });
  };
  return (path) =>
    new Promise<FileSource>((done) => {
      if (waiting.length === 0) setTimeout(flush, 0);
      waiting.push({ path, done });
    });
}
