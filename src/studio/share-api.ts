/**
 * `GET /api/share?path=P&lang=en|ru`: the project file P as one HTML page
 * (the same `shareFile` as `deforma share`, docs/player.md), sent as a
 * download (`Content-Disposition: attachment`) named after the file. Paths
 * follow the other endpoints' rules (inside the project, no `..`, a link out
 * refused); the files P names are read inside the project only. A file that
 * cannot be shared is 422 with its located findings as JSON
 * (`{"ok":false,"diagnostics":[…]}`, FMT008–FMT012); a studio whose player
 * is not built is 503.
 */
import type { ServerResponse } from "node:http";
import { stemOf } from "../core/path.js";
import { reportJson } from "../core/report.js";
import { projectReader, readInput } from "../node/files.js";
import {
  missingPlayerWords,
  packageVersion,
  readPlayerBundle,
  type ShareLang,
  shareFile,
} from "../node/share/index.js";
import { HttpError, sendJson } from "./http-reply.js";
import { pathSegments, resolveExisting } from "./project-path.js";

/** Largest file the endpoint shares (bytes; the CLI has no such bound). */
export const MAX_SHARED_FILE = 256 * 1024 * 1024;

/** Answers `GET /api/share` (see the module comment). */
export async function handleShare(
  res: ServerResponse,
  root: string,
  query: URLSearchParams,
): Promise<void> {
  const all = query.getAll("path");
  if (all.length !== 1) throw new HttpError(400, "give exactly one 'path' query parameter");
  const lang = query.get("lang") ?? "en";
  if (lang !== "en" && lang !== "ru") throw new HttpError(400, "lang is 'en' or 'ru'");
  const segments = pathSegments(all[0]!);
  const real = await resolveExisting(root, segments);
  const source = await readInput(real, MAX_SHARED_FILE);
  if (source.status === "missing") throw new HttpError(404, "not found");
  if (source.status !== "ok") throw new HttpError(422, `cannot read it: ${source.reason}`);
  const player = await readPlayerBundle();
  if (player === undefined) throw new HttpError(503, missingPlayerWords());
  const path = segments.join("/");
  const r = await shareFile(path, source.bytes, {
    read: projectReader(root),
    player,
    version: await packageVersion(),
    lang: lang as ShareLang,
  });
  res.setHeader("Cache-Control", "no-store");
  if (r.html === undefined) {
    sendJson(res, 422, reportJson(r.report));
    return;
  }
  const body = Buffer.from(r.html, "utf8");
  const name = `${stemOf(stemOf(path)) || "shared"}.html`;
  res.statusCode = 200;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader(
    "Content-Disposition",
    `attachment; filename="${name.replace(/[^\w.-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  );
  res.setHeader("Content-Length", body.length);
  res.end(body);
}
