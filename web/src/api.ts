/** The studio server's API over the project folder (see docs/studio.md). */
import type { FileSource } from "../../src/core/file-source.js";
import type { CheckReply, FormatInfo } from "../../src/core/formats/reply.js";

/** The studio's token for this page (decision 247): sent with every `/api` request, never in a URL or cookie. */
let token: string | undefined;

/** Sets the token the page's `/api` requests carry (undefined: none). */
export function setApiToken(value: string | undefined): void {
  token = value;
}

/** The token the page's `/api` requests carry (a worker is given it with its job). */
export function apiToken(): string | undefined {
  return token;
}

/** `fetch` of an `/api` URL with the token in the `X-Deforma-Token` header. */
export function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
  if (token === undefined) return fetch(url, init);
  const headers = new Headers(init.headers);
  headers.set("X-Deforma-Token", token);
  return fetch(url, { ...init, headers });
}

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
  const r = await apiFetch("/api/files");
  if (!r.ok) throw new Error(`listing failed: ${r.status}`);
  return (await r.json()) as { root: string; files: ProjectFile[]; formats: FormatInfo[] };
}

/**
 * A project file as a `blob:` URL of media type `type`, for an `<img>`: an
 * element's own request could not carry the token's header, so the bytes are
 * fetched and handed over (decision 247). Revoke it when done; undefined when
 * the file cannot be read.
 */
export async function projectFileBlobUrl(path: string, type: string): Promise<string | undefined> {
  const r = await apiFetch(`/api/file?path=${encodeURIComponent(path)}`).catch(() => undefined);
  if (!r?.ok) return undefined;
  return URL.createObjectURL(new Blob([await r.arrayBuffer()], { type }));
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

/**
 * The `ETag` of each project file as this page last read or wrote it: an
 * overwrite sends it as `If-Match`, so a file changed by someone else since
 * is not replaced unseen (decision 249).
 */
const versions = new Map<string, string>();

function remember(path: string, r: Response): void {
  const tag = r.headers.get("ETag");
  if (tag === null) versions.delete(path);
  else versions.set(path, tag);
}

/** Reads a project file; "missing" when it is not there. */
export async function readProjectFile(path: string): Promise<FileSource> {
  try {
    const r = await apiFetch(`/api/file?path=${encodeURIComponent(path)}&missing=ok`);
    if (isMissing(r)) {
      versions.delete(path);
      return { status: "missing" };
    }
    if (!r.ok) return { status: "unreadable", reason: `HTTP ${r.status}` };
    const bytes = new Uint8Array(await r.arrayBuffer());
    remember(path, r);
    return { status: "ok", bytes };
  } catch (e) {
    return { status: "unreadable", reason: (e as Error).message };
  }
}

/** A project file's size in bytes (`HEAD`); "missing" when it is not there. */
export async function projectFileSize(path: string): Promise<number | "missing"> {
  const r = await apiFetch(`/api/file?path=${encodeURIComponent(path)}&missing=ok`, {
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
  const r = await apiFetch(`/api/file?path=${encodeURIComponent(path)}`, {
    headers: { Range: `bytes=${offset}-${offset + length - 1}` },
  });
  if (r.status !== 206) throw new Error(`HTTP ${r.status} for bytes ${offset}+${length}`);
  return new Uint8Array(await r.arrayBuffer());
}

/** Told of a write that replaced a file with other hard links: its path and how many (decision 300). */
type LinksBroken = (path: string, others: number) => void;
let linksBroken: LinksBroken | undefined;

/** Sets who is told when a write breaks hard links (the page's notice); `undefined` stops it. */
export function onLinksBroken(listener: LinksBroken | undefined): void {
  linksBroken = listener;
}

/**
 * Writes a project file atomically; "exists" when it is there and `overwrite`
 * is false. Overwriting a file this page has read sends its `ETag` as
 * `If-Match`: when the file changed since, the server refuses (412) and this
 * throws with its message. A reply saying the replaced file had other hard
 * links is told to the {@link onLinksBroken} listener.
 */
export async function writeProjectFile(
  path: string,
  data: Blob | Uint8Array,
  overwrite = false,
): Promise<"ok" | "exists"> {
  const headers: Record<string, string> = {
    "Content-Type": "application/octet-stream",
    "X-Deforma-Request": "1",
  };
  const seen = versions.get(path);
  if (overwrite && seen !== undefined) headers["If-Match"] = seen;
  const r = await apiFetch(
    `/api/file?path=${encodeURIComponent(path)}${overwrite ? "&overwrite=1" : ""}`,
    { method: "PUT", headers, body: data as BodyInit },
  );
  if (r.status === 409) return "exists";
  if (!r.ok) throw await serverError(r);
  remember(path, r);
  const reply = (await r.json().catch(() => ({}))) as { brokenLinks?: unknown };
  if (typeof reply.brokenLinks === "number" && reply.brokenLinks > 0)
    linksBroken?.(path, reply.brokenLinks);
  return "ok";
}

/** `GET /api/check`: the server's check of `path` through the format registry; throws with the server's message on failure. */
export async function checkProjectFile(path: string): Promise<CheckReply> {
  const r = await apiFetch(`/api/check?path=${encodeURIComponent(path)}`);
  if (!r.ok) throw await serverError(r);
  return (await r.json()) as CheckReply;
}

/** The server's `{"error": …}` of a failed reply, as an Error. */
async function serverError(r: Response): Promise<Error> {
  const body = (await r.json().catch(() => ({}))) as { error?: string };
  return new Error(body.error ?? `HTTP ${r.status}`);
}

/** What `GET /api/mesh` answered: the packed mesh, "read it on the page", or why it failed. */
export type MeshOpenReply =
  | { readonly packed: Uint8Array }
  | { readonly fallback: true }
  | { readonly error: string };

/**
 * `GET /api/mesh`: the mesh file at `path` (a numbered series' pattern when
 * `numbered`) opened by the server (decision 224); `fallback` when the
 * server does not open it (no mesh format, an older server, a failed
 * request), so the page reads it itself. `started`: the request already
 * made for it (web/public/early-open.js). `cells`: with the volume cells'
 * node lists, which the server otherwise keeps (decision 350). Never throws.
 */
export async function openMeshOnServer(
  path: string,
  numbered: boolean,
  started?: Promise<Response>,
  cells = false,
): Promise<MeshOpenReply> {
  const series = `${numbered ? "&series=numbered" : ""}${cells ? "&cells=all" : ""}`;
  try {
    const r = await (started ?? apiFetch(`/api/mesh?path=${encodeURIComponent(path)}${series}`));
    if (r.status === 413) return { error: (await serverError(r)).message };
    if (r.status !== 200) return { fallback: true };
    return { packed: new Uint8Array(await r.arrayBuffer()) };
  } catch {
    return { fallback: true };
  }
}

/** Most paths in one `POST /api/read` (the server's bound is 4096). */
const MAX_BATCH_PATHS = 1024;

/**
 * `POST /api/read`: the files at `paths` in one request (docs/studio.md),
 * each handed to `each` (with its index) as soon as its bytes have arrived,
 * so a series is parsed while the rest of it comes. A file the reply defers
 * (`later`, past its byte bound) is asked again with the others deferred; one
 * it refuses, or every file when the request fails, is read alone with
 * {@link readProjectFile}, so each gets the answer a single read gives.
 * Never throws; resolves once every file has been handed over.
 */
export async function readProjectFilesEach(
  paths: readonly string[],
  each: (index: number, source: FileSource) => void,
): Promise<void> {
  const alone = (i: number) => readProjectFile(paths[i]!).then((r) => each(i, r));
  const later: number[] = [];
  let next = 0;
  try {
    const r = await apiFetch("/api/read", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Deforma-Request": "1" },
      body: JSON.stringify({ paths }),
    });
    if (!r.ok || !r.body) throw new Error(`HTTP ${r.status}`);
    const singles: Promise<void>[] = [];
    for await (const rec of replyRecords(r.body)) {
      const i = next++;
      if (i >= paths.length) break;
      if (rec.status === "ok") each(i, { status: "ok", bytes: rec.bytes });
      else if (rec.status === "missing") each(i, { status: "missing" });
      else if (rec.status === "later") later.push(i);
      else singles.push(alone(i));
    }
    await Promise.all(singles);
  } catch {
    // The request failed: what it did not hand over is read file by file.
  }
  const rest = later.map((i) => paths[i]!);
  const tail: Promise<void>[] = [];
  for (let i = next; i < paths.length; i++) tail.push(alone(i));
  if (rest.length > 0 && later.length < paths.length)
    tail.push(readProjectFilesEach(rest, (k, src) => each(later[k]!, src)));
  else for (const i of later) tail.push(alone(i));
  await Promise.all(tail);
}

/** A record of a `POST /api/read` reply: an entry, with the file's bytes when `ok`. */
type ReplyRecord =
  | { readonly status: "ok"; readonly bytes: Uint8Array }
  | { readonly status: "missing" | "unreadable" | "later" };

/** Bytes of a stream taken in pieces of the sizes asked for, each piece copied once. */
class StreamBytes {
  private readonly chunks: Uint8Array[] = [];
  private held = 0;
  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  /** The next `n` bytes, or undefined when the stream ends first. */
  async take(n: number): Promise<Uint8Array | undefined> {
    while (this.held < n) {
      const { done, value } = await this.reader.read();
      if (done) return undefined;
      this.chunks.push(value);
      this.held += value.length;
    }
    const out = new Uint8Array(n);
    let at = 0;
    while (at < n) {
      const c = this.chunks[0]!;
      const k = Math.min(c.length, n - at);
      out.set(c.subarray(0, k), at);
      at += k;
      if (k === c.length) this.chunks.shift();
      else this.chunks[0] = c.subarray(k);
    }
    this.held -= n;
    return out;
  }
}

/** The records of a reply body as they arrive (see `src/studio/read-many.ts`); stops at a malformed one. */
async function* replyRecords(body: ReadableStream<Uint8Array>): AsyncGenerator<ReplyRecord> {
  const bytes = new StreamBytes(body.getReader());
  for (;;) {
    const length = await bytes.take(4);
    if (!length) return;
    const json = await bytes.take(new DataView(length.buffer).getUint32(0, true));
    if (!json) return;
    const entry = JSON.parse(new TextDecoder().decode(json)) as { status: string; size?: number };
    if (entry.status !== "ok") {
      yield { status: entry.status as "missing" | "unreadable" | "later" };
      continue;
    }
    const size = entry.size ?? -1;
    const data = Number.isInteger(size) && size >= 0 ? await bytes.take(size) : undefined;
    if (!data) return;
    yield { status: "ok", bytes: data };
  }
}

/** {@link readProjectFilesEach}'s files, all at once. */
export async function readProjectFiles(paths: readonly string[]): Promise<FileSource[]> {
  const got: FileSource[] = [];
  await readProjectFilesEach(paths, (i, src) => {
    got[i] = src;
  });
  return got;
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
    void readProjectFilesEach(
      batch.map((w) => w.path),
      (i, src) => batch[i]!.done(src),
    );
  };
  return (path) =>
    new Promise<FileSource>((done) => {
      if (waiting.length === 0) setTimeout(flush, 0);
      waiting.push({ path, done });
    });
}
