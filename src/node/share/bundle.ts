/**
 * What a shared page takes from this package at run time: the player bundle
 * built by `npm run build` (dist/player/deforma-player.js) and the version in
 * package.json. Both are found next to this module's own folder, in src/ and
 * in dist/ alike (and in the bundled CLI, whose `import.meta.url` keeps
 * naming this module's file under dist/).
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/** The built player bundle of this package. */
export function playerBundlePath(): string {
  return fileURLToPath(new URL("../../../dist/player/deforma-player.js", import.meta.url));
}

/** The player bundle's text, or undefined when the package is not built. */
export async function readPlayerBundle(path = playerBundlePath()): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch {
    return undefined;
  }
}

/** The words for a missing player bundle (the CLI's error, the studio's reply). */
export function missingPlayerWords(path = playerBundlePath()): string {
  return `the player is not built (no ${path}); run 'npm run build' first`;
}

/** This package's version (package.json), or "dev" when it cannot be read. */
export async function packageVersion(): Promise<string> {
  try {
    const url = new URL("../../../package.json", import.meta.url);
    const json = JSON.parse(await readFile(fileURLToPath(url), "utf8")) as { version?: unknown };
    return typeof json.version === "string" ? json.version : "dev";
  } catch {
    return "dev";
  }
}
