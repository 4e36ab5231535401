/**
 * A file's check as JSON: what the studio's `GET /api/check` replies and its
 * web app reads (docs/studio.md). Shared here, in the neutral core, because
 * the web app may import the core but not the studio server.
 */
import type { LocatedDiagnostic } from "../diagnostics.js";
import type { AnyFormat } from "./descriptor.js";

/** A format as the web app sees it. */
export interface FormatInfo {
  readonly id: string;
  readonly label: string;
  readonly docsPage: string;
  /** The workspace that opens such a file, if any (e.g. `mixed`). */
  readonly workspace?: string;
  /** Lower-case extensions with their dot, and exact file names: how the page knows a dropped file's format. */
  readonly extensions: readonly string[];
  readonly fileNames?: readonly string[];
  /** What a file of the format indexes, if it does (see `FormatDescriptor.indexes`). */
  readonly indexes?: "series" | "parts";
  /** The media type of a file a browser shows as it is (e.g. `image/png`). */
  readonly mediaType?: string;
}

/** What a registry format looks like in replies. */
export function formatInfo(f: AnyFormat): FormatInfo {
  return {
    id: f.id,
    label: f.label,
    docsPage: f.docsPage,
    ...(f.workspace === undefined ? {} : { workspace: f.workspace }),
    extensions: f.extensions,
    ...(f.fileNames === undefined ? {} : { fileNames: f.fileNames }),
    ...(f.indexes === undefined ? {} : { indexes: f.indexes }),
    ...(f.mediaType === undefined ? {} : { mediaType: f.mediaType }),
  };
}

/** The check of one file, as `GET /api/check` replies. */
export interface CheckReply {
  readonly path: string;
  /** The recognised format, or null when unknown. */
  readonly format: FormatInfo | null;
  readonly variant?: string;
  /** `checked`; `too-large` when the file was not read (no counts then). */
  readonly status: "checked" | "too-large";
  /**
   * With `too-large`: the budget the check is over — the file's size, or the
   * time or memory a check may take in the studio (its check was stopped).
   */
  readonly over?: "size" | "time" | "memory";
  readonly ok: boolean;
  readonly errors: number;
  readonly warnings: number;
  /** Located findings, at most the server's `maxDiagnostics` of them. */
  readonly diagnostics: readonly LocatedDiagnostic[];
  /** How many findings were left out of `diagnostics`. */
  readonly omitted: number;
  /**
   * Each shown finding's source excerpt (text formats), parallel to
   * `diagnostics`: its line (a window of at most 160 characters around the
   * column, control characters escaped) and a caret line, as the CLI prints
   * them (core `sourceExcerpt`).
   */
  readonly excerpts?: readonly string[];
  readonly summary?: unknown;
  readonly size: number;
}
