/** `GET /api/check`: a project file checked by the server through the format registry (docs/studio.md). */
import type { CheckReply } from "../../src/core/formats/reply.js";

/** Asks the server to check `path`; throws with the server's message on failure. */
export async function checkProjectFile(path: string): Promise<CheckReply> {
  const r = await fetch(`/api/check?path=${encodeURIComponent(path)}`);
  if (!r.ok) {
    const body = (await r.json().catch(() => ({}))) as { error?: string };
    throw new Error(body.error ?? `HTTP ${r.status}`);
  }
  return (await r.json()) as CheckReply;
}
