/** Reading input files at the edge, with the failure kinds the checks distinguish. */
import { readFile } from "node:fs/promises";

/** Result of {@link readInput}. */
export type InputFile =
  | { readonly status: "ok"; readonly bytes: Uint8Array }
  | { readonly status: "missing" }
  | { readonly status: "unreadable"; readonly reason: string };

/** Reads a whole file; "missing" when it does not exist, "unreadable" for any other failure. */
export async function readInput(path: string): Promise<InputFile> {
  try {
    const buf = await readFile(path);
    return { status: "ok", bytes: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === "ENOENT" || err.code === "ENOTDIR") return { status: "missing" };
    return { status: "unreadable", reason: err.code ?? err.message };
  }
}

/** Decodes UTF-8 (a BOM is dropped; invalid bytes become U+FFFD, so parsers still see every line). */
export function decodeText(bytes: Uint8Array): string {
  return new TextDecoder("utf-8", { fatal: false, ignoreBOM: false }).decode(bytes);
}
