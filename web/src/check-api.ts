/** `GET /api/check`: a project file checked by the server through the format registry (docs/studio.md). */
import type { FormatInfo } from "./api.js";

/** One located finding, as the CLI prints it. */
export interface CheckedDiagnostic {
  readonly severity: "error" | "warning" | "info";
  readonly code: string;
  readonly message: string;
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
}

/** The server's check of one file. */
export interface FileCheckReply {
  readonly path: string;
  readonly format: FormatInfo | null;
  readonly variant?: string;
  /** `too-large`: recognised but not read (no counts). */
  readonly status: "checked" | "too-large";
  readonly ok: boolean;
  readonly errors: number;
  readonly warnings: number;
  readonly diagnostics: readonly CheckedDiagnostic[];
  /** Findings left out of `diagnostics`. */
  readonly omitted: number;
  /** Source line of each shown finding (text formats). */
  readonly lines?: readonly string[];
  readonly summary?: unknown;
  readonly size: number;
}

/** Asks the server to check `path`; throws with the server's message on failure. */
export async function checkProjectFile(path: string): Promise<FileCheckReply> {
  const r = await fetch(`/api/check?path=${encodeURIComponent(path)}`);
  if (!r.ok) {
    const body = (await r.json().catch(() => ({}))) as { error?: string };
    throw new Error(body.error ?? `HTTP ${r.status}`);
  }
  return (await r.json()) as FileCheckReply;
}
