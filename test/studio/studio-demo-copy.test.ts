/**
 * `deforma studio` without a folder works on a copy of the demo (made on the
 * first start, kept afterwards, never replaced), so the package's demo/ is
 * never written; `--open` says so when no browser opens. Every folder here is
 * temporary: the demo is a stand-in, never the repository's.
 */
import { execFileSync } from "node:child_process";
import {
  type Dirent,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { startStudio } from "../../src/cli/commands/studio.js";
import {
  type DemoPlaces,
  demoCopyPlace,
  studioProject,
} from "../../src/cli/commands/studio-project.js";
import type { CliIo } from "../../src/cli/io.js";
import { copyDemo } from "../helpers.js";
import { send, writeHeaders } from "./http-client.js";

function captureIo(): { io: CliIo; out: () => string; err: () => string } {
  let out = "";
  let err = "";
  const io: CliIo = {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    cwd: tmpdir(),
    isTTY: false,
  };
  return { io, out: () => out, err: () => err };
}

/** A stand-in demo (a model file and a subfolder) and a copy place inside a fresh temporary folder. */
function places(): DemoPlaces {
  const base = mkdtempSync(join(tmpdir(), "deforma-demo-copy-"));
  const demo = join(base, "demo");
  mkdirSync(join(demo, "live"), { recursive: true });
  writeFileSync(join(demo, "model.amx"), "original\n");
  writeFileSync(join(demo, "live", "face.scene.json"), "{}\n");
  return { demo, copy: join(base, "out", "studio-demo") };
}

function builtWebApp(): string {
  const web = mkdtempSync(join(tmpdir(), "deforma-web-"));
  writeFileSync(join(web, "index.html"), "<!doctype html><title>Deforma</title>");
  return web;
}

describe("deforma studio on the bundled demo", () => {
  // decision 135
  it("serves a copy made on first start, says where, and writes never reach the demo", async () => {
    const p = places();
    const c = captureIo();
    const dir = await studioProject(undefined, c.io, p);
    expect(dir).toBe(p.copy);
    expect(c.err()).toBe(
      `Working on a copy of the demo in ${p.copy} (made now); the package's demo/ folder is never changed.\n`,
    );
    expect(readFileSync(join(dir, "live", "face.scene.json"), "utf8")).toBe("{}\n");
    // A save through the studio's API, as the page makes it, lands in the copy.
    const r = await startStudio(
      { dir, webRoot: builtWebApp(), port: 0, open: false, token: false },
      c.io,
    );
    if (!("running" in r)) throw new Error(c.err());
    try {
      const port = r.running.port;
      const headers = writeHeaders(port);
      const put = await send(port, {
        method: "PUT",
        path: "/api/file?path=model.amx&overwrite=1",
        body: "edited\n",
        headers,
      });
      expect(put.status).toBe(200);
      const added = await send(port, {
        method: "PUT",
        path: "/api/file?path=export%2Fseries.pvd",
        body: "x",
        headers,
      });
      expect(added.status).toBe(201);
    } finally {
      await r.running.close();
    }
    expect(readFileSync(join(p.copy, "model.amx"), "utf8")).toBe("edited\n");
    expect(readFileSync(join(p.demo, "model.amx"), "utf8")).toBe("original\n");
    expect(readdirSync(p.demo).sort()).toEqual(["live", "model.amx"]);
  });

  // decision 135
  it("keeps the user's copy on the next start (never replaced) and says so", async () => {
    const p = places();
    await studioProject(undefined, captureIo().io, p);
    writeFileSync(join(p.copy, "model.amx"), "my work\n");
    writeFileSync(join(p.demo, "model.amx"), "a newer demo\n");
    const c = captureIo();
    expect(await studioProject(undefined, c.io, p)).toBe(p.copy);
    expect(c.err()).toContain("(made on an earlier start; delete it to start afresh)");
    expect(readFileSync(join(p.copy, "model.amx"), "utf8")).toBe("my work\n");
    // No staging folder is left beside the copy.
    expect(readdirSync(join(p.copy, ".."))).toEqual(["studio-demo"]);
  });

  // decision 144
  it("serves a folder the user names as it is, and refuses a file", async () => {
    const p = places();
    const c = captureIo();
    const other = join(p.copy, "..", "..", "mine");
    mkdirSync(other);
    expect(await studioProject(other, c.io, p)).toBe(other);
    expect(c.err()).toBe("");
    // Naming the package's demo itself is allowed, with a warning.
    expect(await studioProject(p.demo, c.io, p)).toBe(p.demo);
    expect(c.err()).toContain(`warning: ${p.demo} is the package's own demo`);
    await expect(studioProject(join(p.demo, "model.amx"), c.io, p)).rejects.toThrow(
      "is a file, not a folder",
    );
    expect(readdirSync(join(p.copy, "..", "..")).sort()).toEqual(["demo", "mine"]);
  });

  // decision 135
  it("keeps the copy under the package's git-ignored .out/", () => {
    expect(demoCopyPlace().endsWith(`${sep}.out${sep}studio-demo`)).toBe(true);
    const ignored = readFileSync(new URL("../../.gitignore", import.meta.url), "utf8").split("\n");
    expect(ignored).toContain(".out/");
  });
});

describe("deforma studio --open", () => {
  // decision 140
  it("says when no browser opens, and prints the URL to open", async () => {
    const c = captureIo();
    const opened: string[] = [];
    const r = await startStudio(
      {
        dir: places().demo,
        webRoot: builtWebApp(),
        port: 0,
        open: true,
        opener: async (url) => {
          opened.push(url);
          return "there is no 'xdg-open' here";
        },
      },
      c.io,
    );
    if (!("running" in r)) throw new Error(c.err());
    await r.running.close();
    // decision 248: the opener is given a one-time code, never the token.
    const token = new URL(r.url).searchParams.get("token")!;
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?code=[\w-]{32}#\/mixed\?file=/);
    expect(opened[0]).not.toContain(token);
    expect(opened[0]!.slice(opened[0]!.indexOf("#"))).toBe(r.url.slice(r.url.indexOf("#")));
    // The URL printed for the user to open carries the token, as the first line did.
    expect(c.err()).toContain(
      `deforma studio: could not open a browser (there is no 'xdg-open' here); open this URL yourself:\n${r.url}\n`,
    );
  });

  // decision 140
  it("says nothing more when the browser opens", async () => {
    const c = captureIo();
    const r = await startStudio(
      {
        dir: places().demo,
        webRoot: builtWebApp(),
        port: 0,
        open: true,
        opener: async () => undefined,
      },
      c.io,
    );
    if (!("running" in r)) throw new Error(c.err());
    await r.running.close();
    expect(c.err()).not.toContain("could not open");
  });
});

describe("tests' copies of the demo", () => {
  // decision 136
  it("hold exactly the files git tracks under demo/ (nothing a user left there)", () => {
    const dest = mkdtempSync(join(tmpdir(), "deforma-demo-tracked-"));
    copyDemo(dest);
    const tracked = execFileSync("git", ["ls-files", "--", "demo"], {
      cwd: new URL("../../", import.meta.url),
      encoding: "utf8",
    })
      .split("\n")
      .filter((f) => f !== "")
      .map((f) => f.slice("demo/".length))
      .sort();
    const copied = (readdirSync(dest, { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((e) => e.isFile())
      .map((e) => relative(dest, join(e.parentPath, e.name)).split(sep).join("/"))
      .sort();
    expect(tracked).toContain("slider-crank.amx");
    expect(copied).toEqual(tracked);
  });
});

describe("a demo copy that cannot be made", () => {
  // decision 145
  it("is a usage error naming the place and what to do instead; nothing is left behind", async () => {
    const p = places();
    // The copy's parent is a file: the copy cannot be made there.
    writeFileSync(join(p.copy, ".."), "not a folder");
    await expect(studioProject(undefined, captureIo().io, p)).rejects.toThrow(
      /cannot copy the demo to '.*studio-demo': .*run 'deforma studio DIR'/,
    );
    expect(readdirSync(join(p.copy, "..", "..")).sort()).toEqual(["demo", "out"]);
  });
});
