/** Sharing a file as one HTML page (docs/player.md): the Node side of `deforma share` and the studio's endpoint. */
export * from "./bundle.js";
export {
  escapeHtml,
  SHARE_DATA_ID,
  SHARE_LANGS,
  type ShareLang,
  scriptSafe,
  shareHtml,
} from "./html.js";
export { SHARE_KINDS } from "./kinds.js";
export * from "./share.js";
export type * from "./types.js";
