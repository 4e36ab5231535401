/** `deforma studio [DIR] [--port N] [--open] [--no-token]`: the web studio over a project folder, until interrupted. */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { realpath } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  STUDIO_SERVER_DEFAULTS,
  type StudioServer,
  startStudioServer,
} from "../../studio/server.js";
import { mixedStartFile } from "../../studio/start-file.js";
import { newToken } from "../../studio/token.js";
import { defineCommand } from "../command.js";
import { type CliIo, ExitCode } from "../io.js";
import { studioProject } from "./studio-project.js";

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
  /** Whether the API requires a per-run token (default true; `--no-token` turns it off). */
  readonly token?: boolean;
  /** How `open` opens the page (default {@link openInBrowser}). */
  readonly opener?: BrowserOpener;
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

/** Opens `url` in a browser; resolves to why it could not, or undefined when it did (as far as can be told). */
export type BrowserOpener = (url: string) => Promise<string | undefined>;

/**
 * Opens `url` with the platform's opener (`open`, `start`, `xdg-open`); never
 * fails. Resolves to why it could not: no opener, or the opener's failure
 * exit (xdg-open exits non-zero when it finds no browser). An opener still
 * running after `patienceMs` is taken to have opened the page.
 */
export function openInBrowser(url: string, patienceMs = 3000): Promise<string | undefined> {
  const [cmd, args] =
    process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["cmd", ["/c", "start", '""', url.replace(/&/g, "^&")]]
        : ["xdg-open", [url]];
  return new Promise((done) => {
    const timer = setTimeout(() => done(undefined), patienceMs);
    const finish = (why: string | undefined) => {
      clearTimeout(timer);
      done(why);
    };
    try {
      const child = spawn(cmd, args, { stdio: "ignore", detached: true });
      child.on("error", (e: NodeJS.ErrnoException) =>
        finish(e.code === "ENOENT" ? `there is no '${cmd}' here` : `${cmd}: ${e.message}`),
      );
      child.on("exit", (code) =>
        finish(code === 0 ? undefined : `'${cmd}' found no browser (exit code ${code})`),
      );
      child.unref();
    } catch (e) {
      finish(`${cmd}: ${(e as Error).message}`);
    }
  });
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
      warmMeshWorker: true,
      ...(launch.token === false ? {} : { token: newToken() }),
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
  const url = await studioUrl(running.entry, launch.dir);
  io.out(`Deforma studio: ${url}\n`);
  io.err(`Serving ${launch.dir} on 127.0.0.1 only. Press Ctrl+C to stop.\n`);
  if (launch.token === false)
    io.err(
      "warning: --no-token: any program on this machine can read and write the project through the studio's API\n",
    );
  if (launch.open) {
    // The opener's command line shows a one-time code, never the token (decision 248).
    const opened = await studioUrl(running.openUrl(), launch.dir);
    const why = await (launch.opener ?? openInBrowser)(opened);
    if (why !== undefined)
      io.err(
        `deforma studio: could not open a browser (${why}); open this URL yourself:\n${url}\n`,
      );
  }
  return { running, url };
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
export const studio = defineCommand({
  usage: "studio [DIR] [--port N] [--open] [--no-token]",
  description:
    "Serves on 127.0.0.1 and runs until Ctrl+C. Only this machine can connect; the page may read the files under DIR\n" +
    "and write new ones there (see docs/studio.md). Without DIR it serves a copy of the bundled demo in the package's\n" +
    ".out/studio-demo/, made on the first start and kept from then on (delete it to start afresh); the demo itself is\n" +
    "never changed. --open says so, and prints the URL, when it cannot open a browser.",
  options: {
    port: {
      type: "integer",
      min: 0,
      max: 65535,
      value: "N",
      help: `TCP port (default ${STUDIO_SERVER_DEFAULTS.port}; 0 = any free port)`,
    },
    open: { type: "boolean", help: "open the studio in the default browser" },
    "no-token": {
      type: "boolean",
      help: "serve the API without the per-run token (any local program may then use it)",
    },
  },
  positionals: [0, 1],
  async run(args, io) {
    const dir = await studioProject(args.positionals[0], io);
    const started = await startStudio(
      {
        dir,
        webRoot: bundledWebApp(),
        port: args.options.port ?? STUDIO_SERVER_DEFAULTS.port,
        open: args.options.open,
        token: !args.options["no-token"],
      },
      io,
    );
    if ("exitCode" in started) return started.exitCode;
    await interrupted();
    await started.running.close();
    io.err("Deforma studio stopped.\n");
    return ExitCode.Ok;
  },
});
