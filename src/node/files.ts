/** Reading input files at the edge, with the failure kinds the checks distinguish. */
import { readFile } from "node:fs/promises";
import type { FileSource } from "../core/file-source.js";

/** Reads a whole file; "missing" when it does not exist, "unreadable" for any other failure. */
export async function readInput(path: string): Promise<FileSource> {
  try {
    const buf = await readFile(path);
    return { status: "ok", bytes: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === "ENOENT" || err.code === "ENOTDIR") return { status: "missing" };
    return { status: "unreadable", reason: err.code ?? err.message };
  }
}
