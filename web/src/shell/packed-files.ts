/**
 * The player elements' sources of files (`<deforma-live>`, `<deforma-bulge>`):
 * the packed block a shared page embeds (`deforma share`, src/node/share/),
 * or files fetched beside a `src` URL. One reading of the block for every
 * element whose pack is `{ kind, <main>: path, files: { path → bytes } }`.
 */
import { decodeBase64 } from "../../../src/core/base64.js";
import type { FileReader, FileSource } from "../../../src/core/file-source.js";
import { unpackTyped } from "../../../src/core/typed-pack.js";

/** A pack's main file (its path among `files`), its files and a reader of them. */
export interface PackedFiles {
  readonly main: string;
  readonly files: Readonly<Record<string, Uint8Array>>;
  readonly read: FileReader;
}

/**
 * The pack of `kind` in the page's block `id`, whose main file's path is its
 * field `key` (the file is `what`: "scene", "character"), or why not.
 */
export function packedFiles(
  id: string,
  kind: string,
  key: string,
  what: string,
  doc: Document = document,
): PackedFiles | string {
  const block = doc.getElementById(id);
  if (!block) return `no element with id "${id}" holds the ${what}`;
  const bytes = decodeBase64(block.textContent ?? "");
  const value = bytes ? unpackTyped(bytes)?.value : undefined;
  const pack =
    typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const main = pack[key];
  const files = pack.files as Record<string, unknown> | null | undefined;
  const ok =
    pack.kind === kind &&
    typeof main === "string" &&
    typeof files === "object" &&
    files !== null &&
    files[main] instanceof Uint8Array;
  if (!ok) return `the block "${id}" holds no packed ${kind} ${what}`;
  const packed = files as Record<string, Uint8Array>;
  const read: FileReader = async (path) => {
    const b = Object.hasOwn(packed, path) ? packed[path] : undefined;
    return b instanceof Uint8Array ? { status: "ok", bytes: b } : { status: "missing" };
  };
  return { main, files: packed, read };
}

/** Fetches `url` as bytes, as a reader's outcome. */
export async function fetchSource(url: URL): Promise<FileSource> {
  try {
    const r = await fetch(url);
    if (r.status === 404) return { status: "missing" };
    if (!r.ok) return { status: "unreadable", reason: `HTTP ${r.status}` };
    return { status: "ok", bytes: new Uint8Array(await r.arrayBuffer()) };
  } catch (e) {
    return { status: "unreadable", reason: (e as Error).message };
  }
}
