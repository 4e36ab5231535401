/**
 * The one page of every shared file (docs/player.md): the player bundle, the
 * packed data as base64 in a `<script type="application/octet-stream">`
 * block its element reads (`data-embedded`), the studio's look, and a line
 * saying what it is (file, date, Deforma version), in English or Russian.
 * Pure: no file system, no clock. Nothing in the page names another file or
 * address, so it opens from `file://` with the network off.
 */
import { encodeBase64 } from "../../core/base64.js";
import type { SharePacked } from "./types.js";

/** The languages of a shared page. */
export const SHARE_LANGS = ["en", "ru"] as const;
export type ShareLang = (typeof SHARE_LANGS)[number];

/** What {@link shareHtml} puts in the page. */
export interface ShareHtmlInput {
  /** The player bundle's text (dist/player/deforma-player.js). */
  readonly player: string;
  readonly packed: SharePacked;
  /** The shared file's name as shown (its base name). */
  readonly file: string;
  /** When the page was made (`YYYY-MM-DD`). */
  readonly date: string;
  /** Deforma's version. */
  readonly version: string;
  readonly lang: ShareLang;
}

/** The id of the data block the element reads. */
export const SHARE_DATA_ID = "deforma-data";

const WORDS: Record<ShareLang, (i: ShareHtmlInput) => string> = {
  en: (i) => `${i.file} · shared from Deforma ${i.version} on ${i.date}`,
  ru: (i) => `${i.file} · выгружено из Deforma ${i.version} ${i.date}`,
};

/** The page's own style: the studio's header and fonts around the element (the element brings its own). */
const PAGE_CSS = `
:root{font-family:system-ui,sans-serif;color:#1d232a;background:#fff;font-size:14px}
*{box-sizing:border-box}
body{margin:0;height:100vh;display:flex;flex-direction:column}
header{display:flex;align-items:center;gap:1rem;padding:.4rem 1rem;background:#1f2933;color:#fff}
header h1{font-size:1.05rem;margin:0;font-weight:600}
header p{margin:0;color:#cbd2d9;font-size:13px}
main{flex:1;min-height:0;display:flex}
main>*{flex:1;min-width:0;min-height:0}
`;

/** `text` safe inside `<script>`: no `</script` or `<!--` to end or bend the block. */
export function scriptSafe(text: string): string {
  return text.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\x21--");
}

/** Text safe in HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The whole page (see the module comment). */
export function shareHtml(i: ShareHtmlInput): string {
  const { packed } = i;
  const tag = packed.element;
  if (!/^[a-z][a-z0-9]*-[a-z0-9-]+$/.test(tag)) throw new Error(`not an element name: ${tag}`);
  const extra = Object.entries(packed.attributes ?? {})
    .filter(([name]) => /^[a-z][a-z0-9-]*$/.test(name))
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join("");
  const about = escapeHtml(WORDS[i.lang](i));
  return `<!doctype html>
<html lang="${i.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Deforma ${escapeHtml(i.version)}">
<title>${escapeHtml(i.file)} · Deforma</title>
<style>${PAGE_CSS}</style>
<script type="application/octet-stream" id="${SHARE_DATA_ID}">${encodeBase64(packed.payload)}</script>
<script type="module">${scriptSafe(i.player)}</script>
</head>
<body>
<header><h1>Deforma</h1><p class="about">${about}</p></header>
<main><${tag} data-embedded="${SHARE_DATA_ID}" lang="${i.lang}"${extra}></${tag}></main>
</body>
</html>
`;
}
