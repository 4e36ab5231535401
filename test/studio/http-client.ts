/** A raw HTTP client for the studio server tests: unlike fetch, it lets a test set Host and Origin. */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

/** One request: method, raw request target, headers (a `null` value omits the header). */
export interface RawRequest {
  readonly method?: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string | null>>;
  /** Body as one piece (Content-Length set) or as chunks (sent chunked, no Content-Length). */
  readonly body?: string | Buffer | readonly Buffer[];
}

/** What came back. */
export interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly text: string;
}

/** Sends `r` to 127.0.0.1:`port` with `Host: 127.0.0.1:PORT` unless the test overrides it. */
export function send(port: number, r: RawRequest): Promise<RawResponse> {
  const headers: Record<string, string> = {};
  const given: Record<string, string | null> = { Host: `127.0.0.1:${port}`, ...r.headers };
  for (const [k, v] of Object.entries(given)) if (v !== null) headers[k] = v;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: r.method ?? "GET",
        path: r.path,
        headers,
        setHost: false,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: body.toString("utf8"),
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (Array.isArray(r.body)) {
      for (const chunk of r.body) req.write(chunk);
      req.end();
    } else {
      req.end(r.body as string | Buffer | undefined);
    }
  });
}

/** Headers of a legitimate write from the studio's own page. */
export function writeHeaders(port: number): Record<string, string> {
  return { Origin: `http://127.0.0.1:${port}`, "X-Deforma-Request": "1" };
}
