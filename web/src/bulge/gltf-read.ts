/**
 * The glTF characters the bulge preview has read: each `.glb` read once in
 * a worker (gltf-worker.ts) so the page never waits on the reader, and kept
 * while it is shown, so picking another mesh or joint does not read it again.
 */
import { baseName } from "../../../src/core/path.js";
import { type CharacterRead, parseCharacter } from "./gltf-parse.js";

export type { CharacterRead };

/** The last character read: its path, bytes and what was read. */
let last: { path: string; bytes: Uint8Array; read: Promise<CharacterRead> } | undefined;

/**
 * The character at `path` whose bytes are `bytes`, read in a worker, or on
 * this thread when `inThread` (the same bytes again: the kept result).
 */
export function readCharacter(
  path: string,
  bytes: Uint8Array,
  inThread = false,
): Promise<CharacterRead> {
  if (last && last.path === path && sameBytes(last.bytes, bytes)) return last.read;
  const read = inThread ? parseCharacter(bytes, baseName(path)) : inWorker(path, bytes);
  last = { path, bytes, read };
  return read;
}

function inWorker(path: string, bytes: Uint8Array): Promise<CharacterRead> {
  return new Promise<CharacterRead>((resolve) => {
    const worker = new Worker(new URL("./gltf-worker.ts", import.meta.url), { type: "module" });
    const done = (reply: CharacterRead) => {
      worker.terminate();
      resolve(reply);
    };
    worker.onmessage = (e: MessageEvent<CharacterRead>) => done(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      done({ error: e.message || "the reader stopped", rigs: [] });
    };
    worker.postMessage({ bytes: bytes.slice(), name: baseName(path) });
  });
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
