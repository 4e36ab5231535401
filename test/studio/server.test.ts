import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StudioServer, startStudioServer } from "../../src/studio/server.js";
import { send, writeHeaders } from "./http-client.js";

const SECRET = "TOP SECRET outside the project";

/** base/{project, outside, web, secret.txt}, with symlinks leading in and out of the project. */
function makeTree(): { base: string; project: string; outside: string; web: string } {
  const base = mkdtempSync(join(tmpdir(), "deforma-studio-"));
  const project = join(base, "project");
  const outside = join(base, "outside");
  const web = join(base, "web");
  for (const d of [project, outside, web, join(project, "sub", "deep"), join(project, ".hidden")])
    mkdirSync(d, { recursive: true });
  mkdirSync(join(project, "node_modules", "m"), { recursive: true });
  writeFileSync(join(base, "secret.txt"), SECRET);
  writeFileSync(join(outside, "note.txt"), SECRET);
  writeFileSync(join(project, "model.amx"), "model\n");
  writeFileSync(join(project, "sub", "deep", "a.agr"), "agr");
  writeFileSync(join(project, ".hidden", "x"), "x");
  writeFileSync(join(project, ".dotfile"), "x");
  writeFileSync(join(project, "node_modules", "m", "index.js"), "x");
  writeFileSync(join(project, "empty.bin"), "");
  writeFileSync(
    join(project, "big.bin"),
    Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251)),
  );
  symlinkSync(join(base, "secret.txt"), join(project, "link-out"));
  symlinkSync(outside, join(project, "dir-out"));
  symlinkSync("model.amx", join(project, "link-in.amx"));
  symlinkSync("sub", join(project, "sub-link"));
  writeFileSync(join(web, "index.html"), "<!doctype html><title>studio</title>");
  for (const f of ["app.js", "style.css", "logo.svg", "a.png", "m.wasm", "app.js.map", "data.json"])
    writeFileSync(join(web, f), f);
  symlinkSync(join(base, "secret.txt"), join(web, "leak.js"));
  return { base, project, outside, web };
}

const tree = makeTree();
let studio: StudioServer;
let port: number;

beforeAll(async () => {
  studio = await startStudioServer({ root: tree.project, webRoot: tree.web, port: 0 });
  port = studio.port;
});

afterAll(async () => {
  await studio.close();
});

const get = (path: string, headers: Record<string, string | null> = {}) =>
  send(port, { path, headers });
const put = (
  path: string,
  body: string | Buffer | Buffer[],
  headers?: Record<string, string | null>,
) => send(port, { method: "PUT", path, body, headers: { ...writeHeaders(port), ...headers } });

describe("studio server: binding and static files", () => {
  it("listens on 127.0.0.1 only", () => {
    const address = studio.server.address();
    expect(typeof address === "object" && address?.address).toBe("127.0.0.1");
    expect(studio.url).toBe(`http://127.0.0.1:${port}/`);
  });

  it("serves index.html at / with the app's CSP, nosniff, no-cache and no CORS headers", async () => {
    const r = await get("/");
    expect(r.status).toBe(200);
    expect(r.text).toContain("<title>studio</title>");
    expect(r.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(r.headers["cache-control"]).toBe("no-cache");
    expect(r.headers["x-content-type-options"]).toBe("nosniff");
    const csp = r.headers["content-security-policy"];
    for (const part of [
      "default-src 'self'",
      // decision 210: WebAssembly may be compiled (h5wasm), JavaScript eval may not.
      "script-src 'self' 'wasm-unsafe-eval'",
      "img-src 'self' data: blob:",
      "style-src 'self' 'unsafe-inline'",
      "worker-src 'self' blob:",
      "connect-src 'self'",
    ])
      expect(csp).toContain(part);
    expect(Object.keys(r.headers).filter((h) => h.startsWith("access-control-"))).toEqual([]);
  });

  it("labels each asset type", async () => {
    const types: Record<string, string> = {
      "/app.js": "text/javascript; charset=utf-8",
      "/style.css": "text/css; charset=utf-8",
      "/logo.svg": "image/svg+xml",
      "/a.png": "image/png",
      "/m.wasm": "application/wasm",
      "/app.js.map": "application/json; charset=utf-8",
      "/data.json": "application/json; charset=utf-8",
      "/index.html": "text/html; charset=utf-8",
    };
    for (const [path, type] of Object.entries(types)) {
      const r = await get(path);
      expect(r.status, path).toBe(200);
      expect(r.headers["content-type"], path).toBe(type);
      expect(r.text).toBe(
        path === "/index.html" ? "<!doctype html><title>studio</title>" : path.slice(1),
      );
    }
  });

  it("answers HEAD without a body, 404 for a missing asset, 405 for a write to the app", async () => {
    const head = await send(port, { method: "HEAD", path: "/app.js" });
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe("6");
    expect(head.body.byteLength).toBe(0);
    const missing = await get("/nope.js");
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toEqual({ error: "not found" });
    const post = await send(port, { method: "POST", path: "/", headers: writeHeaders(port) });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
  });

  it("refuses a symlink in the web app that leads outside it", async () => {
    const r = await get("/leak.js");
    expect(r.status).toBe(403);
    expect(r.text).not.toContain(SECRET);
  });

  it("404s unknown API routes and 405s wrong methods with Allow", async () => {
    expect((await get("/api/nope")).status).toBe(404);
    expect((await get("/api")).status).toBe(404);
    const del = await send(port, {
      method: "DELETE",
      path: "/api/file?path=model.amx",
      headers: writeHeaders(port),
    });
    expect(del.status).toBe(405);
    expect(del.headers.allow).toBe("GET, HEAD, PUT");
    expect(existsSync(join(tree.project, "model.amx"))).toBe(true);
    const putList = await put("/api/files", "x");
    expect(putList.status).toBe(405);
  });
});

describe("studio server: GET /api/files", () => {
  it("lists the project recursively: POSIX paths, sizes, times; no hidden, node_modules or escaping symlinks", async () => {
    const r = await get("/api/files");
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("application/json; charset=utf-8");
    const json = JSON.parse(r.text) as {
      root: string;
      files: { path: string; size: number; mtimeMs: number }[];
    };
    expect(json.root).toBe("project");
    expect(json.files.map((f) => f.path)).toEqual([
      "big.bin",
      "empty.bin",
      "link-in.amx",
      "model.amx",
      "sub/deep/a.agr", // sub-link leads to the same folder, which is listed once
    ]);
    const big = json.files.find((f) => f.path === "big.bin")!;
    expect(big.size).toBe(1000);
    expect(big.mtimeMs).toBeGreaterThan(0);
    expect(r.text).not.toContain(tree.base);
  });

  it("stops at its bounds and says so", async () => {
    const small = await startStudioServer({
      root: tree.project,
      webRoot: tree.web,
      port: 0,
      listing: { maxEntries: 2, maxDepth: 16 },
    });
    const shallow = await startStudioServer({
      root: tree.project,
      webRoot: tree.web,
      port: 0,
      listing: { maxDepth: 1 },
    });
    try {
      const a = JSON.parse((await send(small.port, { path: "/api/files" })).text);
      expect(a.files).toHaveLength(2);
      expect(a.truncated).toBe(true);
      const b = JSON.parse((await send(shallow.port, { path: "/api/files" })).text);
      expect(b.files.map((f: { path: string }) => f.path)).toEqual([
        "big.bin",
        "empty.bin",
        "link-in.amx",
        "model.amx",
      ]);
      expect(b.truncated).toBe(true);
    } finally {
      await small.close();
      await shallow.close();
    }
  });
});

describe("studio server: GET/HEAD /api/file with ranges", () => {
  const bytes = readFileSync(join(tree.project, "big.bin"));

  it("sends the whole file as octet-stream", async () => {
    const r = await get("/api/file?path=big.bin");
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("application/octet-stream");
    expect(r.headers["accept-ranges"]).toBe("bytes");
    expect(r.body.equals(bytes)).toBe(true);
    const nested = await get("/api/file?path=sub%2Fdeep%2Fa.agr");
    expect(nested.text).toBe("agr");
    expect((await get("/api/file?path=sub/deep/a.agr")).text).toBe("agr");
  });

  it("answers a range with 206 and Content-Range", async () => {
    const cases: [string, number, number][] = [
      ["bytes=10-19", 10, 19],
      ["bytes=990-", 990, 999],
      ["bytes=-5", 995, 999],
      ["bytes=900-5000", 900, 999],
      ["bytes=0-0", 0, 0],
    ];
    for (const [range, start, end] of cases) {
      const r = await get("/api/file?path=big.bin", { Range: range });
      expect(r.status, range).toBe(206);
      expect(r.headers["content-range"], range).toBe(`bytes ${start}-${end}/1000`);
      expect(r.headers["content-length"], range).toBe(String(end - start + 1));
      expect(r.body.equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it("answers 416 with bytes */size for a range past the end", async () => {
    for (const range of ["bytes=1000-", "bytes=5000-6000", "bytes=-0"]) {
      const r = await get("/api/file?path=big.bin", { Range: range });
      expect(r.status, range).toBe(416);
      expect(r.headers["content-range"], range).toBe("bytes */1000");
    }
    expect((await get("/api/file?path=empty.bin", { Range: "bytes=0-" })).status).toBe(416);
  });

  it("ignores ranges it does not serve (several, other units, reversed) and sends the whole file", async () => {
    for (const range of ["bytes=0-1,5-6", "items=0-3", "bytes=9-3"]) {
      const r = await get("/api/file?path=big.bin", { Range: range });
      expect(r.status, range).toBe(200);
      expect(r.body.byteLength).toBe(1000);
    }
  });

  it("answers HEAD with the size and no body; 404 for missing files and folders", async () => {
    const r = await send(port, { method: "HEAD", path: "/api/file?path=big.bin" });
    expect(r.status).toBe(200);
    expect(r.headers["content-length"]).toBe("1000");
    expect(r.body.byteLength).toBe(0);
    expect((await get("/api/file?path=none.bin")).status).toBe(404);
    expect((await get("/api/file?path=sub")).status).toBe(404);
    expect((await get("/api/file")).status).toBe(400);
    expect((await get("/api/file?path=a&path=b")).status).toBe(400);
  });
});

describe("studio server: PUT /api/file", () => {
  const noTemporaries = (dir: string) =>
    expect(readdirSync(dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);

  it("writes a new file atomically, creating folders inside the project", async () => {
    const r = await put("/api/file?path=out/new/result.txt", "first");
    expect(r.status).toBe(201);
    expect(JSON.parse(r.text)).toEqual({ ok: true, path: "out/new/result.txt", size: 5 });
    expect(readFileSync(join(tree.project, "out/new/result.txt"), "utf8")).toBe("first");
    noTemporaries(join(tree.project, "out/new"));
  });

  it("refuses to replace an existing file (409) unless overwrite=1", async () => {
    await put("/api/file?path=keep.txt", "original");
    const again = await put("/api/file?path=keep.txt", "second");
    expect(again.status).toBe(409);
    expect(JSON.parse(again.text).error).toContain("overwrite=1");
    expect(readFileSync(join(tree.project, "keep.txt"), "utf8")).toBe("original");
    const forced = await put("/api/file?path=keep.txt&overwrite=1", "second!");
    expect(forced.status).toBe(200);
    expect(JSON.parse(forced.text)).toEqual({ ok: true, path: "keep.txt", size: 7 });
    expect(readFileSync(join(tree.project, "keep.txt"), "utf8")).toBe("second!");
    noTemporaries(tree.project);
  });

  it("refuses to write over a folder or through a file", async () => {
    expect((await put("/api/file?path=sub&overwrite=1", "x")).status).toBe(409);
    expect((await put("/api/file?path=model.amx/x.txt", "x")).status).toBe(409);
  });

  it("bounds the body: 413 past maxBodyBytes, declared or streamed, and nothing is left behind", async () => {
    const small = await startStudioServer({
      root: tree.project,
      webRoot: tree.web,
      port: 0,
      maxBodyBytes: 100,
    });
    try {
      const h = writeHeaders(small.port);
      const declared = await send(small.port, {
        method: "PUT",
        path: "/api/file?path=too-big.bin",
        headers: h,
        body: Buffer.alloc(101),
      });
      expect(declared.status).toBe(413);
      const streamed = await send(small.port, {
        method: "PUT",
        path: "/api/file?path=too-big.bin",
        headers: h,
        body: [Buffer.alloc(60), Buffer.alloc(60), Buffer.alloc(60)],
      });
      expect(streamed.status).toBe(413);
      expect(existsSync(join(tree.project, "too-big.bin"))).toBe(false);
      noTemporaries(tree.project);
      const fits = await send(small.port, {
        method: "PUT",
        path: "/api/file?path=fits.bin",
        headers: h,
        body: [Buffer.alloc(50), Buffer.alloc(50)],
      });
      expect(fits.status).toBe(201);
      expect(JSON.parse(fits.text).size).toBe(100);
    } finally {
      await small.close();
    }
  });
});

describe("studio server: Host header (DNS rebinding)", () => {
  it("answers 127.0.0.1:PORT and localhost:PORT", async () => {
    expect((await get("/api/files")).status).toBe(200);
    expect((await get("/api/files", { Host: `localhost:${port}` })).status).toBe(200);
  });

  it("refuses any other Host with 421, before touching a file", async () => {
    for (const host of [
      "example.com",
      `evil.example:${port}`,
      `127.0.0.1:${port + 1}`,
      "127.0.0.1",
      "localhost",
      `[::1]:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `localhost.:${port}`,
    ]) {
      const r = await get("/api/file?path=model.amx", { Host: host });
      expect(r.status, host).toBe(421);
      expect(r.text, host).not.toContain("model");
      expect((await get("/", { Host: host })).status, host).toBe(421);
    }
  });

  it("refuses a request without Host", async () => {
    const r = await get("/api/files", { Host: null });
    expect(r.status).toBe(421);
  });

  it("refuses a write with a foreign Host even with good Origin", async () => {
    const r = await put("/api/file?path=rebound.txt", "x", { Host: `evil.example:${port}` });
    expect(r.status).toBe(421);
    expect(existsSync(join(tree.project, "rebound.txt"))).toBe(false);
  });
});

describe("studio server: cross-origin writes", () => {
  const refused: [string, (port: number) => Record<string, string | null>][] = [
    ["foreign Origin", () => ({ Origin: "http://evil.example" })],
    ["foreign Origin on our port", (p) => ({ Origin: `http://evil.example:${p}` })],
    ["our host on another port", (p) => ({ Origin: `http://127.0.0.1:${p + 1}` })],
    ["https and our port", (p) => ({ Origin: `https://127.0.0.1:${p}` })],
    ["opaque Origin", () => ({ Origin: "null" })],
    ["missing Origin", () => ({ Origin: null })],
    ["missing X-Deforma-Request", () => ({ "X-Deforma-Request": null })],
    ["X-Deforma-Request not 1", () => ({ "X-Deforma-Request": "yes" })],
  ];
  for (const [name, headers] of refused) {
    it(`refuses a PUT with ${name} (403) and writes nothing`, async () => {
      const r = await put("/api/file?path=cross.txt", "x", headers(port));
      expect(r.status).toBe(403);
      expect(existsSync(join(tree.project, "cross.txt"))).toBe(false);
    });
  }

  it("accepts the localhost origin too", async () => {
    const r = await put("/api/file?path=from-localhost.txt", "x", {
      Origin: `http://localhost:${port}`,
      Host: `localhost:${port}`,
    });
    expect(r.status).toBe(201);
  });

  it("grants no CORS preflight", async () => {
    const r = await send(port, {
      method: "OPTIONS",
      path: "/api/file?path=x",
      headers: {
        Origin: "http://evil.example",
        "Access-Control-Request-Method": "PUT",
        "Access-Control-Request-Headers": "x-deforma-request",
      },
    });
    expect(r.status).toBe(403);
    expect(Object.keys(r.headers).filter((h) => h.startsWith("access-control-"))).toEqual([]);
  });

  it("refuses API reads a browser marks as cross-site", async () => {
    expect((await get("/api/files", { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await get("/api/files", { "Sec-Fetch-Site": "same-site" })).status).toBe(403);
    expect((await get("/api/files", { "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    // Opening a shared deep link from another site is a navigation to the app, which is allowed.
    expect((await get("/", { "Sec-Fetch-Site": "cross-site" })).status).toBe(200);
  });
});

describe("studio server: traversal in every spelling", () => {
  const apiSpellings = [
    "../secret.txt",
    "%2e%2e/secret.txt",
    "%2E%2E/secret.txt",
    "..%2fsecret.txt",
    "%2e%2e%2fsecret.txt",
    "..%5csecret.txt",
    "..\\secret.txt",
    "sub\\..\\..\\secret.txt",
    "/etc/passwd",
    "%2fetc%2fpasswd",
    "sub/../../secret.txt",
    "sub/%2e%2e/%2e%2e/secret.txt",
    "./model.amx",
    "sub//deep/a.agr",
    "model.amx%00.txt",
    "%00",
    "C:/Windows/win.ini",
    "c:secret.txt",
    ".hidden/x",
    "..",
  ];
  for (const spelling of apiSpellings) {
    it(`refuses path=${spelling} (400) for reads and writes`, async () => {
      const r = await get(`/api/file?path=${spelling}`);
      expect(r.status).toBe(400);
      expect(r.text).not.toContain(SECRET);
      const w = await put(`/api/file?path=${spelling}&overwrite=1`, "pwned");
      expect(w.status).toBe(400);
    });
  }

  it("decodes once: a double-encoded '..' is a literal (missing) name, not a way out", async () => {
    for (const spelling of ["%252e%252e%252fsecret.txt", "%252e%252e/secret.txt"]) {
      const r = await get(`/api/file?path=${spelling}`);
      expect(r.status, spelling).toBe(404);
      expect(r.text).not.toContain(SECRET);
    }
  });

  const staticSpellings = [
    "/../secret.txt",
    "/%2e%2e/secret.txt",
    "/..%2fsecret.txt",
    "/%2e%2e%2fsecret.txt",
    "/..%5csecret.txt",
    "/..\\secret.txt",
    "//etc/passwd",
    "/%2fetc%2fpasswd",
    "/sub/../../secret.txt",
    "/index.html%00",
    "/C:/x",
  ];
  for (const spelling of staticSpellings) {
    it(`refuses the app path ${spelling} (400)`, async () => {
      const r = await get(spelling);
      expect(r.status).toBe(400);
      expect(r.text).not.toContain(SECRET);
    });
  }

  it("refuses malformed percent-encoding (400) and a request target that is not a path", async () => {
    expect((await get("/%zz")).status).toBe(400);
    expect((await get("http://evil.example/")).status).toBe(400);
  });

  it("nothing was written outside the project", () => {
    expect(readFileSync(join(tree.base, "secret.txt"), "utf8")).toBe(SECRET);
    expect(readdirSync(tree.base).sort()).toEqual(["outside", "project", "secret.txt", "web"]);
  });
});

describe("studio server: symlinks", () => {
  it("reads through symlinks that stay inside the project", async () => {
    expect((await get("/api/file?path=link-in.amx")).text).toBe("model\n");
    expect((await get("/api/file?path=sub-link/deep/a.agr")).text).toBe("agr");
  });

  it("refuses to read a symlink that leads outside (403)", async () => {
    for (const path of ["link-out", "dir-out/note.txt"]) {
      const r = await get(`/api/file?path=${path}`);
      expect(r.status, path).toBe(403);
      expect(r.text).not.toContain(SECRET);
    }
  });

  it("refuses to write through a symlinked folder or file that leads outside (403)", async () => {
    expect((await put("/api/file?path=dir-out/new.txt", "x")).status).toBe(403);
    expect((await put("/api/file?path=dir-out/deeper/new.txt", "x")).status).toBe(403);
    expect((await put("/api/file?path=link-out&overwrite=1", "x")).status).toBe(403);
    expect(readdirSync(tree.outside)).toEqual(["note.txt"]);
    expect(readFileSync(join(tree.base, "secret.txt"), "utf8")).toBe(SECRET);
  });

  it("writes through a symlinked folder that stays inside", async () => {
    const r = await put("/api/file?path=sub-link/via-link.txt", "in");
    expect(r.status).toBe(201);
    expect(readFileSync(join(tree.project, "sub", "via-link.txt"), "utf8")).toBe("in");
  });
});

describe("studio server: request bounds", () => {
  it("refuses a URL longer than 8 KiB with 414", async () => {
    const r = await get(`/api/file?path=${"a".repeat(9000)}`);
    expect(r.status).toBe(414);
  });

  it("refuses oversized headers (node's maxHeaderSize) with 431", async () => {
    const r = await get("/api/files", { "X-Padding": "p".repeat(20_000) });
    expect(r.status).toBe(431);
  });

  it("sets request timeouts", () => {
    expect(studio.server.headersTimeout).toBeGreaterThan(0);
    expect(studio.server.requestTimeout).toBeGreaterThan(0);
    expect(studio.server.timeout).toBeGreaterThan(0);
  });
});

describe("studio server: special files and file-system errors", () => {
  it("refuses a FIFO at once (it never waits for a writer), and keeps serving", async () => {
    const fifo = join(tree.project, "pipe.amx");
    execFileSync("mkfifo", [fifo]);
    // More requests than the thread pool has threads: none may hang.
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => get("/api/file?path=pipe.amx")),
    );
    for (const r of replies) {
      expect(r.status).toBe(403);
      expect(r.text).toContain("not a regular file");
    }
    expect((await get("/api/file?path=model.amx")).text).toBe("model\n");
  });

  it("a symlink loop in a write path and a name the file system refuses are 4xx with a message, not 500", async () => {
    symlinkSync("loop-b", join(tree.project, "loop-a"));
    symlinkSync("loop-a", join(tree.project, "loop-b"));
    const loop = await put("/api/file?path=loop-a/x.txt", "x");
    expect(loop.status).toBe(403);
    expect(loop.text).toMatch(/symlink loop/);
    // 250 bytes: accepted by the path rules, too long once the write's temporary name is added (before the fix).
    const long = `${"n".repeat(246)}.txt`;
    const r = await put(`/api/file?path=${long}`, "long");
    expect(r.status).toBe(201);
    expect(readFileSync(join(tree.project, long), "utf8")).toBe("long");
  });
});
