/**
 * Atomic file writes: the data goes to a temporary file in the target's own
 * folder, is flushed to disk, and only then takes the target's name by
 * `rename` (or by `link` when overwriting is not allowed, which fails if the
 * target appeared meanwhile). A crash at any point leaves either the old file
 * or the new one, never a half-written one.
 */
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { link, open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** Options of {@link writeFileAtomic}. */
export interface AtomicWriteOptions {
  /** Replace an existing file (default false: an existing target is an `EEXIST` error). */
  readonly overwrite?: boolean;
  /** File mode of a newly created file (default 0o666 minus umask). */
  readonly mode?: number;
}

/** Defaults of {@link AtomicWriteOptions}. */
export const ATOMIC_WRITE_DEFAULTS = { overwrite: false, mode: 0o666 } as const;

/** Data accepted by {@link writeFileAtomic}: text (written as UTF-8), bytes, or chunks. */
export type AtomicData =
  | string
  | Uint8Array
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>;

/** Error raised when the target exists and overwriting was not asked for. */
export class FileExistsError extends Error {
  readonly code = "EEXIST";
  constructor(readonly path: string) {
    super(`${path} exists; not overwritten (ask for it with --force or --write)`);
  }
}

/** Path of the temporary file used while writing `target` (same folder, hidden, unique). */
export function temporaryPathFor(target: string): string {
  return join(
    dirname(target),
    `.${basename(target)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`,
  );
}

/**
 * Writes `data` to `target` atomically (see the module comment). Throws
 * {@link FileExistsError} when `target` exists and `overwrite` is false; the
 * temporary file is removed on any failure.
 */
export async function writeFileAtomic(
  target: string,
  data: AtomicData,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const overwrite = options.overwrite ?? ATOMIC_WRITE_DEFAULTS.overwrite;
  const tmp = temporaryPathFor(target);
  const handle = await open(
    tmp,
    constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY,
    options.mode ?? ATOMIC_WRITE_DEFAULTS.mode,
  );
  let committed = false;
  try {
    try {
      if (typeof data === "string" || data instanceof Uint8Array) {
        await handle.writeFile(data);
      } else {
        for await (const chunk of data as AsyncIterable<Uint8Array | string>) {
          await handle.write(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk);
        }
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (overwrite) {
      await rename(tmp, target);
    } else {
      try {
        await link(tmp, target);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === "EEXIST") throw new FileExistsError(target);
        if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EXDEV") throw e;
        // File systems without hard links: check, then rename (a narrow race, documented).
        if (await exists(target)) throw new FileExistsError(target);
        await rename(tmp, target);
        committed = true;
        return;
      }
      await unlink(tmp);
    }
    committed = true;
    await syncDirectory(dirname(target));
  } finally {
    if (!committed) await unlink(tmp).catch(() => undefined);
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    const h = await open(path, "r");
    await h.close();
    return true;
  } catch {
    return false;
  }
}

async function syncDirectory(dir: string): Promise<void> {
  // Makes the rename durable; not every platform can open a directory, which is fine.
  try {
    const h = await open(dir, "r");
    try {
      await h.sync();
    } finally {
      await h.close();
    }
  } catch {
    /* best effort */
  }
}
