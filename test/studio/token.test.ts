/**
 * The studio's token without cookies (issue 23, item 9): no reply sets a
 * cookie and no cookie opens the API (a cookie reaches every port of the
 * host); the token goes only in the `X-Deforma-Token` header, never in an
 * `/api` URL; the URL a browser is opened at holds a one-time code, which the
 * page exchanges once for the token at `POST /api/token`.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StudioServer, startStudioServer } from "../../src/studio/server.js";
import { newToken, TokenCodes } from "../../src/studio/token.js";
import { send } from "./http-client.js";

const project = mkdtempSync(join(tmpdir(), "deforma-token-"));
writeFileSync(join(project, "notes.txt"), "hello\n");
const web = mkdtempSync(join(tmpdir(), "deforma-token-web-"));
writeFileSync(join(web, "index.html"), "<!doctype html><title>Deforma</title>");
const TOKEN = newToken();

let studio: StudioServer;
beforeAll(async () => {
  studio = await startStudioServer({ root: project, webRoot: web, port: 0, token: TOKEN });
});
afterAll(() => studio.close());

const origin = () => `http://127.0.0.1:${studio.port}`;
const exchange = (code: string, headers: Record<string, string | null> = {}) =>
  send(studio.port, {
    method: "POST",
    path: "/api/token",
    headers: { Origin: origin(), "X-Deforma-Request": "1", "X-Deforma-Code": code, ...headers },
  });

// decision 247
describe("the studio's token travels in a header only", () => {
  it("sets no cookie when the page is opened with its token", async () => {
    const page = await send(studio.port, { path: `/?token=${TOKEN}` });
    expect(page.status).toBe(200);
    expect(page.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses a cookie that carries the token (another port's server could replay it)", async () => {
    const r = await send(studio.port, {
      path: "/api/files",
      headers: { Cookie: `deforma-token-${studio.port}=${TOKEN}` },
    });
    expect(r.status).toBe(403);
    expect(r.text).toContain("needs its token");
  });

  it("refuses ?token= on /api URLs, even with the header", async () => {
    for (const headers of [{}, { "X-Deforma-Token": TOKEN }]) {
      const r = await send(studio.port, { path: `/api/files?token=${TOKEN}`, headers });
      expect(r.status).toBe(403);
      expect(r.text).toContain("never in an /api URL");
    }
  });

  it("answers the header", async () => {
    const r = await send(studio.port, {
      path: "/api/files",
      headers: { "X-Deforma-Token": TOKEN },
    });
    expect(r.status).toBe(200);
    const wrong = await send(studio.port, {
      path: "/api/files",
      headers: { "X-Deforma-Token": newToken() },
    });
    expect(wrong.status).toBe(403);
  });
});

// decision 248
describe("a browser the studio opens gets a one-time code, not the token", () => {
  it("puts a code in the URL to open, exchanged once for the token", async () => {
    const url = studio.openUrl();
    expect(url).not.toContain(TOKEN);
    const code = /^http:\/\/127\.0\.0\.1:\d+\/\?code=([A-Za-z0-9_-]{32})$/.exec(url)?.[1];
    expect(code).toBeDefined();
    const first = await exchange(code!);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toEqual({ token: TOKEN });
    const again = await exchange(code!);
    expect(again.status).toBe(403);
    expect(again.text).toContain("spent or unknown");
    expect(studio.openUrl()).not.toBe(url);
  });

  it("exchanges a code only for the studio's own page (POST, Origin, X-Deforma-Request)", async () => {
    const code = new URL(studio.openUrl()).searchParams.get("code")!;
    expect((await exchange(code, { Origin: "http://evil.example" })).status).toBe(403);
    expect((await exchange(code, { "X-Deforma-Request": null })).status).toBe(403);
    const get = await send(studio.port, {
      path: "/api/token",
      headers: { "X-Deforma-Code": code },
    });
    expect(get.status).toBe(405);
    // Refused attempts do not spend it.
    expect((await exchange(code)).status).toBe(200);
  });

  it("lets a code expire", () => {
    let now = 1000;
    const codes = new TokenCodes("T", 60_000, () => now);
    const a = codes.issue();
    const b = codes.issue();
    expect(codes.redeem(a)).toBe("T");
    now += 60_001;
    expect(codes.redeem(b)).toBeUndefined();
    expect(codes.redeem("not a code")).toBeUndefined();
  });
});
