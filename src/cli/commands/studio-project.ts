/**
 * The folder `deforma studio` serves. A folder the user names is served as
 * it is. Without one the studio works on a copy of the bundled demo, made on
 * the first start under the package's git-ignored `.out/studio-demo/` and
 * kept from then on (the user's edits stay; it is never replaced), so the
 * package's own `demo/` is never written.
 */
import { cp, mkdir, realpath, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { errnoWords, isFsError } from "../failure.js";
import type { CliIo } from "../io.js";
import { UsageError } from "../io.js";
import { bundledDemo } from "./demo.js";

/** Where the studio's copy of the bundled demo lives: `.out/studio-demo/` of the package (git ignores `.out/`). */
export function demoCopyPlace(): string {
  return fileURLToPath(new URL("../../../.out/studio-demo", import.meta.url));
}

/** The bundled demo and the place of its working copy (tests give temporary folders). */
export interface DemoPlaces {
  readonly demo: string;
  readonly copy: string;
}

/** Why `path` cannot be the project folder, or undefined when it can. */
export async function notAFolder(path: string): Promise<string | undefined> {
  try {
    return (await stat(path)).isDirectory() ? undefined : "is a file, not a folder";
  } catch (e) {
    return isFsError(e) ? errnoWords(e.code) : String(e);
  }
}

/**
 * The project folder for `deforma studio [DIR]`: DIR (resolved against the
 * working directory), or without DIR the working copy of the demo, made on
 * first start. Says on standard error which copy is served. Throws a
 * {@link UsageError} when the folder cannot be served.
 */
export async function studioProject(
  given: string | undefined,
  io: CliIo,
  places: DemoPlaces = { demo: bundledDemo(), copy: demoCopyPlace() },
): Promise<string> {
  if (given !== undefined) {
    const dir = resolve(io.cwd, given);
    const why = await notAFolder(dir);
    if (why !== undefined) throw new UsageError(`cannot serve '${given}': ${why}`);
    if ((await realpath(dir)) === (await realpath(places.demo).catch(() => undefined))) {
      io.err(
        `warning: ${given} is the package's own demo: the studio's exports and saves change it; ` +
          "run 'deforma studio' without a folder to work on a copy\n",
      );
    }
    return dir;
  }
  const made = (await notAFolder(places.copy)) !== undefined && (await copyDemo(places));
  const why = await notAFolder(places.copy);
  if (why !== undefined) throw new UsageError(`cannot serve '${places.copy}': ${why}`);
  io.err(
    `Working on a copy of the demo in ${places.copy} ` +
      (made ? "(made now)" : "(made on an earlier start; delete it to start afresh)") +
      `; the package's ${basename(places.demo)}/ folder is never changed.\n`,
  );
  return places.copy;
}

/**
 * Copies the demo to `places.copy` through a staging folder renamed into
 * place, so a copy cut short is never taken for a finished one and an
 * existing copy is never replaced. True when this call made the copy.
 */
async function copyDemo(places: DemoPlaces): Promise<boolean> {
  if ((await stat(places.copy).catch(() => undefined)) !== undefined) return false;
  const staging = join(dirname(places.copy), `.${basename(places.copy)}-${process.pid}.tmp`);
  try {
    await mkdir(dirname(places.copy), { recursive: true });
    await rm(staging, { recursive: true, force: true });
    await cp(places.demo, staging, { recursive: true, errorOnExist: true });
    await rename(staging, places.copy);
    return true;
  } catch (e) {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    // Another start made the copy meanwhile: use that one.
    if ((await notAFolder(places.copy)) === undefined) return false;
    throw new UsageError(
      `cannot copy the demo to '${places.copy}': ${isFsError(e) ? errnoWords(e.code) : String(e)}` +
        " (copy the demo folder somewhere yourself and run 'deforma studio DIR')",
    );
  }
}
