/**
 * "Share as HTML" (docs/player.md): any workspace's button that asks the
 * server for the open file as one self-contained page (`GET /api/share`, the
 * same code as `deforma share`) and offers it as a download.
 */
import type { LocatedDiagnostic } from "../../../src/core/diagnostics.js";
import { apiFetch } from "../api.js";
import { language, t } from "../i18n.js";
import { downloadBlob } from "./download.js";
import { problemHead } from "./problems.js";
import { toolButton } from "./tool-button.js";

/** What `GET /api/share` answered: the page, or why not (its findings, when the file was read). */
export type ShareReply =
  | { readonly ok: true; readonly blob: Blob; readonly name: string }
  | { readonly ok: false; readonly message: string; readonly diagnostics: LocatedDiagnostic[] };

/** The file name of a reply's `Content-Disposition` (its UTF-8 form first), or `fallback`. */
export function dispositionName(header: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header ?? "");
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      /* a broken escape: the plain name below */
    }
  }
  return /filename="([^"]+)"/i.exec(header ?? "")?.[1] ?? fallback;
}

/** Asks the server for project file `path` as one page in `lang`. Never throws. */
export async function shareOnServer(path: string, lang: string): Promise<ShareReply> {
  try {
    const q = `path=${encodeURIComponent(path)}&lang=${encodeURIComponent(lang)}`;
    const r = await apiFetch(`/api/share?${q}`);
    if (r.ok) {
      const name = dispositionName(r.headers.get("Content-Disposition"), "shared.html");
      return { ok: true, blob: await r.blob(), name };
    }
    const body = (await r.json().catch(() => ({}))) as {
      error?: string;
      diagnostics?: LocatedDiagnostic[];
    };
    const diagnostics = Array.isArray(body.diagnostics) ? body.diagnostics : [];
    const first = diagnostics.find((d) => d.severity === "error") ?? diagnostics[0];
    const message = first ? problemHead(first) : (body.error ?? `HTTP ${r.status}`);
    return { ok: false, message, diagnostics };
  } catch (e) {
    return { ok: false, message: (e as Error).message, diagnostics: [] };
  }
}

/**
 * The "Share as HTML" button: shares the file `path()` names (nothing when
 * it names none) and tells how it went through `say`.
 */
export function shareButton(
  path: () => string | undefined,
  say: (message: string) => void,
  showLabel = true,
): HTMLButtonElement {
  const button = toolButton("share", "share", "share.button", () => void run(), showLabel);
  button.dataset.i18nTitle = "share.button";
  const run = async () => {
    const file = path();
    if (file === undefined || button.disabled) return;
    button.disabled = true;
    say(t("share.busy", { file }));
    const r = await shareOnServer(file, language());
    button.disabled = false;
    if (!r.ok) return say(t("share.failed", { file, reason: r.message }));
    downloadBlob(r.blob, r.name);
    say(t("share.done", { name: r.name }));
  };
  return button;
}
