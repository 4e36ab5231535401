/**
 * The kinds of file `deforma share` and the studio's "Share as HTML" write as
 * one page (docs/player.md): each kind says whether it takes a file and
 * packs it into the bytes its player element reads. A new kind is one line
 * in {@link SHARE_KINDS}; the HTML around it is the same for every kind
 * (html.ts), and so are the CLI command and the studio's endpoint.
 */
import { BULGE_SHARE } from "./bulge-kind.js";
import { LIVE_SHARE } from "./live-kind.js";
import { MESH_SHARE, MIXED_SHARE } from "./mesh-kind.js";
import type { ShareKind } from "./types.js";

export type { ShareInput, ShareKind, SharePack, SharePacked } from "./types.js";

/** Every kind, asked in order; the first that detects a file packs it. */
export const SHARE_KINDS: readonly ShareKind[] = [LIVE_SHARE, MIXED_SHARE, MESH_SHARE, BULGE_SHARE];
