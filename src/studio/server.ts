/**
 * The studio's local HTTP server (node:http only): the built web app at `/`
 * and a small API over one project folder. It binds 127.0.0.1 and refuses
 * requests a foreign web page could make it serve (see request-guard.ts and
 * docs/studio.md).
 */

import { realpath, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { resolve } from "node:path";
import type { FormatRegistry } from "../core/formats/index.js";
import { FORMATS } from "../formats.js";
import { CheckPool } from "./check-pool.js";
import { bundledDocs, DOCS_PREFIX, serveDocs } from "./docs-files.js";
import {
  type FileApiContext,
  handleList,
  handleRead,
  handleWrite,
  queryPathSegments,
} from "./file-api.js";
import {
  CHECK_DEFAULTS,
  type CheckLimits,
  checkRunner,
  FileChecks,
  fileStamp,
  handleCheck,
} from "./file-check.js";
import { API_CSP, errnoReply, HttpError, sendError, setSecurityHeaders } from "./http-reply.js";
import { handleMeshOpen, MeshOpener } from "./mesh-open.js";
import { LISTING_DEFAULTS, type ListingLimits } from "./project-files.js";
import { handleReadMany } from "./read-many.js";
import { checkFetchSite, checkHost, checkWrite, SAFE_METHODS } from "./request-guard.js";
import { handleShare } from "./share-api.js";
import { serveStatic } from "./static-files.js";
import { checkToken, handleTokenCode, refuseTokenQuery, TokenCodes } from "./token.js";

/** Options of {@link startStudioServer}. */
export interface StudioServerOptions {
  /** The project folder the API reads and writes. */
  readonly root: string;
  /** Folder of the built web app, served at `/`. */
  readonly webRoot: string;
  /** Documentation served read-only at `/docs/` (default: the package's `docs/`; a missing folder serves none). */
  readonly docsRoot?: string;
  /** TCP port; 0 picks any free port (default 5183). The host is always 127.0.0.1. */
  readonly port?: number;
  /** Largest accepted request body in bytes (default 256 MiB). */
  readonly maxBodyBytes?: number;
  /** Longest accepted request target (path and query) in bytes (default 8 KiB). */
  readonly maxUrlBytes?: number;
  /** Bounds of the `GET /api/files` walk. */
  readonly listing?: Partial<ListingLimits>;
  /** The formats the file list and `GET /api/check` know (default: every system's, `src/formats.ts`). */
  readonly formats?: FormatRegistry;
  /** Bounds of `GET /api/check` and the budgets of its worker threads. */
  readonly check?: Partial<CheckLimits>;
  /**
   * Modules (URLs) whose `formats` export lists formats of `formats` that are
   * not built in, so the check workers can load them too (a registry with
   * formats from elsewhere is checked on the server's thread).
   */
  readonly formatModules?: readonly string[];
  /** Where unexpected server errors are reported (default: nowhere). */
  readonly log?: (line: string) => void;
  /**
   * The per-run token every `/api` request must carry in the `X-Deforma-Token`
   * header (the page takes it from `entry`'s address, or from a one-time code
   * of {@link StudioServer.openUrl}); undefined: none required.
   */
  readonly token?: string;
  /**
   * Start `GET /api/mesh`'s worker thread with the server (`deforma studio`
   * does), so the first mesh opened does not wait for it; default: on first use.
   */
  readonly warmMeshWorker?: boolean;
}

/** Defaults of {@link StudioServerOptions} and the server's fixed limits (sizes in bytes, times in ms). */
export const STUDIO_SERVER_DEFAULTS = {
  host: "127.0.0.1",
  port: 5183,
  maxBodyBytes: 256 * 1024 * 1024,
  maxUrlBytes: 8 * 1024,
  maxHeaderBytes: 16 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 300_000,
  keepAliveTimeoutMs: 5_000,
  idleSocketTimeoutMs: 60_000,
} as const;

/** A running studio server. */
export interface StudioServer {
  /** `http://127.0.0.1:PORT/`. */
  readonly url: string;
  /** The URL to print: `url` with `?token=…` when the server has a token (the page keeps it). */
  readonly entry: string;
  /**
   * A URL for a browser the studio opens itself: `url` with a new one-time
   * `?code=…` that the page exchanges for the token (`url` without a token).
   */
  openUrl(): string;
  /** The port actually bound. */
  readonly port: number;
  /** The underlying node:http server (for inspection; do not reconfigure). */
  readonly server: Server;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

async function realFolder(path: string, what: string): Promise<string> {
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    throw new Error(`${what} '${path}' does not exist`);
  }
  if (!(await stat(real)).isDirectory()) throw new Error(`${what} '${path}' is not a folder`);
  return real;
}

/** Splits the raw request target into its path (decoded once) and its query. */
function splitTarget(target: string): { pathname: string; query: URLSearchParams } {
  const q = target.indexOf("?");
  const rawPath = q < 0 ? target : target.slice(0, q);
  if (!rawPath.startsWith("/")) throw new HttpError(400, "request target must be a path");
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    throw new HttpError(400, "malformed percent-encoding in the path");
  }
  return { pathname, query: new URLSearchParams(q < 0 ? "" : target.slice(q + 1)) };
}

function methodNotAllowed(allow: string): HttpError {
  return new HttpError(405, "method not allowed", { Allow: allow });
}

/** What a request is handled with: the folders, the API's context and the checks, the token, the bound port. */
interface Routes {
  readonly root: string;
  readonly webRoot: string;
  /** The documentation served read-only under `/docs/` (undefined: none installed). */
  readonly docsRoot: string | undefined;
  readonly maxUrlBytes: number;
  readonly token: string | undefined;
  readonly codes: TokenCodes | undefined;
  readonly api: FileApiContext;
  readonly checks: FileChecks;
  /** `GET /api/mesh`'s worker. */
  readonly meshes: MeshOpener;
  /** The port bound (-1 until the server listens). */
  port: number;
}

/** Answers one request: guards first, then the web app or an API route. */
async function handle(r: Routes, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { port, token } = r;
  setSecurityHeaders(res, API_CSP);
  checkHost(req.headers, port);
  const target = req.url ?? "";
  if (Buffer.byteLength(target, "utf8") > r.maxUrlBytes) throw new HttpError(414, "URL too long");
  const { pathname, query } = splitTarget(target);
  const method = req.method ?? "GET";
  if (!SAFE_METHODS.has(method)) checkWrite(req.headers, port);
  if (pathname.startsWith(DOCS_PREFIX)) {
    if (r.docsRoot === undefined) throw new HttpError(404, "no documentation installed");
    await serveDocs(req, res, r.docsRoot, pathname);
    return;
  }
  if (pathname !== "/api" && !pathname.startsWith("/api/")) {
    await serveStatic(req, res, r.webRoot, pathname);
    return;
  }
  checkFetchSite(req.headers);
  refuseTokenQuery(query);
  if (pathname === "/api/token") {
    if (method !== "POST") throw methodNotAllowed("POST");
    handleTokenCode(req.headers, res, r.codes);
    return;
  }
  if (token !== undefined) checkToken(req.headers, token);
  if (pathname === "/api/files") {
    if (!SAFE_METHODS.has(method)) throw methodNotAllowed("GET, HEAD");
    await handleList(res, r.api);
  } else if (pathname === "/api/check") {
    if (!SAFE_METHODS.has(method)) throw methodNotAllowed("GET, HEAD");
    await handleCheck(res, r.root, r.checks, queryPathSegments(query));
  } else if (pathname === "/api/mesh") {
    if (!SAFE_METHODS.has(method)) throw methodNotAllowed("GET, HEAD");
    await handleMeshOpen(res, r.meshes, r.root, query);
  } else if (pathname === "/api/share") {
    if (!SAFE_METHODS.has(method)) throw methodNotAllowed("GET, HEAD");
    await handleShare(res, r.root, query);
  } else if (pathname === "/api/read") {
    if (method !== "POST") throw methodNotAllowed("POST");
    await handleReadMany(req, res, r.root);
  } else if (pathname === "/api/file") {
    if (SAFE_METHODS.has(method)) await handleRead(req, res, r.api, query);
    else if (method === "PUT") await handleWrite(req, res, r.api, query);
    else throw methodNotAllowed("GET, HEAD, PUT");
  } else {
    throw new HttpError(404, "no such API route");
  }
}

/** Replies to a request that failed with `e`: its HTTP error, or 500 (logged); a started reply is cut. */
function fail(res: ServerResponse, e: unknown, log: (line: string) => void): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  setSecurityHeaders(res, API_CSP);
  const known = e instanceof HttpError ? e : errnoReply(e);
  if (known) {
    sendError(res, known);
  } else {
    log(`deforma studio: internal error: ${(e as Error).stack ?? String(e)}`);
    sendError(res, new HttpError(500, "internal error"));
  }
}

/** Listens on the studio's host at `port` (0: any free one); resolves with the port bound. */
async function listen(server: Server, port: number): Promise<number> {
  const d = STUDIO_SERVER_DEFAULTS;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host: d.host, exclusive: true }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  return typeof address === "object" && address !== null ? address.port : -1;
}

/** Starts the studio server on 127.0.0.1; resolves once it listens. */
export async function startStudioServer(options: StudioServerOptions): Promise<StudioServer> {
  const d = STUDIO_SERVER_DEFAULTS;
  const root = await realFolder(options.root, "project folder");
  const webRoot = await realFolder(options.webRoot, "web app folder");
  const docsRoot = await realFolder(options.docsRoot ?? bundledDocs(), "docs").catch(
    () => undefined,
  );
  const log = options.log ?? (() => undefined);
  const token = options.token;
  const api: FileApiContext = {
    root,
    maxBodyBytes: options.maxBodyBytes ?? d.maxBodyBytes,
    listing: { ...LISTING_DEFAULTS, ...options.listing },
    formats: options.formats ?? FORMATS,
  };
  const limits = { ...CHECK_DEFAULTS, ...options.check };
  const pool = new CheckPool(limits);
  const run = await checkRunner(api.formats, limits, root, pool, options.formatModules);
  const checks = new FileChecks(run, (path) => fileStamp(resolve(root, path)), limits.cacheEntries);
  const maxUrlBytes = options.maxUrlBytes ?? d.maxUrlBytes;
  const meshes = new MeshOpener(root);
  const codes = token === undefined ? undefined : new TokenCodes(token);
  const routes: Routes = {
    root,
    webRoot,
    docsRoot,
    maxUrlBytes,
    token,
    codes,
    api,
    checks,
    meshes,
    port: -1,
  };

  const server = createServer(
    {
      maxHeaderSize: d.maxHeaderBytes,
      requireHostHeader: false, // checked by checkHost, with a JSON reply
      headersTimeout: d.headersTimeoutMs,
      requestTimeout: d.requestTimeoutMs,
      keepAliveTimeout: d.keepAliveTimeoutMs,
    },
    (req, res) => {
      handle(routes, req, res).catch((e: unknown) => fail(res, e, log));
    },
  );
  server.setTimeout(d.idleSocketTimeoutMs);
  const port = await listen(server, options.port ?? d.port);
  routes.port = port;
  // The worker idles unref'd: it never keeps the process alive.
  if (options.warmMeshWorker) meshes.warm();
  const url = `http://${d.host}:${port}/`;
  return {
    url,
    entry: token === undefined ? url : `${url}?token=${encodeURIComponent(token)}`,
    openUrl: () => (codes === undefined ? url : `${url}?code=${codes.issue()}`),
    port,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
        void pool.close();
      }).finally(() => meshes.close()),
  };
}
