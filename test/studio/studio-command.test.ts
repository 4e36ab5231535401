import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundledDemo } from "../../src/cli/commands/demo.js";
import { startStudio, studioUrl } from "../../src/cli/commands/studio.js";
import type { CliIo } from "../../src/cli/io.js";
import { cli } from "../helpers.js";

function scratch(): string {
  return mkdtempSync(join(tmpdir(), "deforma-studio-cli-"));
}

function captureIo(): { io: CliIo; out: () => string; err: () => string } {
  let out = "";
  let err = "";
  return {
    io: {
      out: (t) => {
        out += t;
      },
      err: (t) => {
        err += t;
      },
      cwd: process.cwd(),
      isTTY: false,
    },
    out: () => out,
    err: () => err,
  };
}

function builtWebApp(): string {
  const web = scratch();
  writeFileSync(join(web, "index.html"), "<!doctype html><title>Deforma</title>");
  return web;
}

describe("deforma studio", () => {
  it("tells the user to run npm run build when the web app is missing (exit 1)", async () => {
    const c = captureIo();
    const r = await startStudio(
      { dir: bundledDemo(), webRoot: scratch(), port: 0, open: false },
      c.io,
    );
    expect(r).toEqual({ exitCode: 1 });
    expect(c.err()).toContain("npm run build");
    expect(c.out()).toBe("");
  });

  it("serves the demo and prints the deep link to its .amx", async () => {
    const c = captureIo();
    const r = await startStudio(
      { dir: bundledDemo(), webRoot: builtWebApp(), port: 0, open: false },
      c.io,
    );
    if (!("running" in r)) throw new Error(c.err());
    try {
      const port = r.running.port;
      const token = /\?token=([A-Za-z0-9_-]{32})#/.exec(r.url)?.[1];
      expect(r.url).toBe(`http://127.0.0.1:${port}/?token=${token}#/mixed?file=slider-crank.amx`);
      expect(c.out()).toBe(`Deforma studio: ${r.url}\n`);
      // Opening the printed URL serves the page; no cookie carries the token (decision 247).
      const page = await fetch(r.url);
      expect(await page.text()).toContain("<title>Deforma</title>");
      expect(page.headers.get("set-cookie")).toBeNull();
      // The API refuses a caller without the token, even with the right Host and Origin.
      const api = `${r.running.url}api/files`;
      const without = await fetch(api, { headers: { Origin: `http://127.0.0.1:${port}` } });
      expect(without.status).toBe(403);
      expect(await without.text()).toContain("needs its token");
      expect(
        (await fetch(api, { headers: { Cookie: `deforma-token-${port}=${token}` } })).status,
      ).toBe(403);
      const list = (await (
        await fetch(api, { headers: { "X-Deforma-Token": token! } })
      ).json()) as {
        root: string;
        files: { path: string }[];
      };
      expect(list.root).toBe("demo");
      expect(list.files.map((f) => f.path)).toContain("slider-crank.amx");
    } finally {
      await r.running.close();
    }
  });

  it("--no-token serves the API without a token, and says so", async () => {
    const c = captureIo();
    const r = await startStudio(
      { dir: bundledDemo(), webRoot: builtWebApp(), port: 0, open: false, token: false },
      c.io,
    );
    if (!("running" in r)) throw new Error(c.err());
    try {
      expect(r.url).not.toContain("token");
      expect(c.err()).toContain("warning: --no-token");
      expect((await fetch(`${r.running.url}api/files`)).status).toBe(200);
    } finally {
      await r.running.close();
    }
  });

  it("reports a busy port (exit 1)", async () => {
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, "127.0.0.1", done));
    const address = blocker.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const c = captureIo();
      const r = await startStudio(
        { dir: bundledDemo(), webRoot: builtWebApp(), port, open: false },
        c.io,
      );
      expect(r).toEqual({ exitCode: 1 });
      expect(c.err()).toContain(`port ${port} is in use`);
    } finally {
      await new Promise((done) => blocker.close(done));
    }
  });

  it("links the first .amx, top level before subfolders, and no file when there is none", async () => {
    const dir = scratch();
    mkdirSync(join(dir, "a"));
    writeFileSync(join(dir, "a", "first.amx"), "");
    writeFileSync(join(dir, "z model.amx"), "");
    expect(await studioUrl("http://127.0.0.1:1/", dir)).toBe(
      "http://127.0.0.1:1/#/mixed?file=z%20model.amx",
    );
    expect(await studioUrl("http://127.0.0.1:1/", scratch())).toBe("http://127.0.0.1:1/#/mixed");
  });

  it("is in the command table; bad arguments are usage errors (exit 2)", async () => {
    expect((await cli(["--help"])).out).toContain("studio");
    const help = await cli(["studio", "--help"]);
    expect(help.code).toBe(0);
    expect(help.out).toContain("Usage: deforma studio [DIR] [--port N] [--open]");
    expect((await cli(["studio", "--port", "http"])).code).toBe(2);
    expect((await cli(["studio", "--port", "70000"])).code).toBe(2);
    expect((await cli(["studio", join(scratch(), "missing")])).code).toBe(2);
  });
});
