/** `deforma studio [DIR] [--port N] [--open]`: the web studio over a project folder, until interrupted. */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  STUDIO_SERVER_DEFAULTS,
  type StudioServer,
  startStudioServer,
} from "../../studio/server.js";
import { mixedStartFile } from "../../studio/start-file.js";
import { type Command, flagOption, stringOption } from "../command.js";
import { type CliIo, ExitCode, UsageError } from "../io.js";
import { bundledDemo } from "./demo.js";

/** The built web app of this package (`dist/web`, next to `src/` and `dist/`). */
export function bundledWebApp(): string {
  return fileURLToPath(new URL("../../../dist/web/", import.meta.url));
}

/** What {@link startStudio} starts: project folder, web app folder, port (0 = any free), and whether to open a browser. */
export interface StudioLaunch {
  readonly dir: string;
  readonly webRoot: string;
  readonly port: number;
  readonly open: boolean;
}

/** Outcome of {@link startStudio}: a running server and its deep link, or the exit code of a failure already reported. */
export type StudioStart =
  | { readonly running: StudioServer; readonly url: string }
  | { readonly exitCode: number };

/** Deep link into the mixed workspace for the project's first `.amx` that loads (see `mixedStartFile`). */
export async function studioUrl(base: string, dir: string): Promise<string> {
  const amx = await mixedStartFile(await realpath(dir));
  const file = amx === undefined ? "" : `?file=${amx.split("/").map(encodeURIComponent).join("/")}`;
  return `${base}#/mixed${file}`;
}

/** Opens `url` with the platform's opener when there is one; never fails. */
export function openInBrowser(url: string): void {
  const [cmd, args] =
    process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["cmd", ["/c", "start", '""', url.replace(/&/g, "^&")]]
        : ["xdg-open", [url]];
  try {
    const child = spawn(cmd, args, { stdio: "ignore", detached: true });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    /* no opener: the URL is printed anyway */
  }
}

/**
 * Checks that the web app is built, starts the server over `launch.dir` and
 * prints the studio's URL; the server keeps running until its `close`.
 */
export async function startStudio(launch: StudioLaunch, io: CliIo): Promise<StudioStart> {
  if (!existsSync(join(launch.webRoot, "index.html"))) {
    io.err(
      `deforma studio: the web app is not built (no index.html in ${launch.webRoot}).\n` +
        "Run 'npm run build' in the Deforma package folder, then start the studio again.\n",
    );
    return { exitCode: ExitCode.Problems };
  }
  let running: StudioServer;
  try {
    running = await startStudioServer({
      root: launch.dir,
      webRoot: launch.webRoot,
      port: launch.port,
      log: (line) => io.err(`${line}\n`),
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    io.err(
      code === "EADDRINUSE"
        ? `deforma studio: port ${launch.port} is in use; pick another with --port N (0 = any free port)\n`
        : `deforma studio: ${(e as Error).message}\n`,
    );
    return { exitCode: ExitCode.Problems };
  }
  const url = await studioUrl(running.url, launch.dir);
  io.out(`Deforma studio: ${url}\n`);
  io.err(`Serving ${launch.dir} on 127.0.0.1 only. Press Ctrl+C to stop.\n`);
  if (launch.open) openInBrowser(url);
  return { running, url };
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return STUDIO_SERVER_DEFAULTS.port;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) throw new UsageError(`--port wants 0…65535, got '${text}'`);
  return port;
}

/** Resolves on the first SIGINT or SIGTERM. */
function interrupted(): Promise<void> {
  return new Promise((done) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      done();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

/** The `studio` command. */
export const studio: Command = {
  usage: "studio [DIR] [--port N] [--open]",
  summary: "Serve the web studio over DIR (default: the bundled demo) on 127.0.0.1.",
  description:
    "Runs until Ctrl+C. Only this machine can connect; the page may read the files under DIR\n" +
    "and write new ones there (see docs/studio.md).",
  options: {
    port: {
      type: "string",
      value: "N",
      help: `TCP port (default ${STUDIO_SERVER_DEFAULTS.port}; 0 = any free port)`,
    },
    open: { type: "boolean", help: "open the studio in the default browser" },
  },
  positionals: [0, 1],
  async run(args, io) {
    const given = args.positionals[0];
    const dir = given === undefined ? bundledDemo() : resolve(io.cwd, given);
    if (!(await isFolder(dir))) throw new UsageError(`cannot read folder '${dir}'`);
    const started = await startStudio(
      {
        dir,
        webRoot: bundledWebApp(),
        port: parsePort(stringOption(args, "port")),
        open: flagOption(args, "open"),
      },
      io,
    );
    if ("exitCode" in started) return started.exitCode;
    await interrupted();
    await started.running.close();
    io.err("Deforma studio stopped.\n");
    return ExitCode.Ok;
  },
};
