import http from "node:http";

// Requests exactly as written: any method, headers and bytes, no cookie jar (the fuzz and body
// tests send what a browser or fetch would refuse to, and keep a session cookie fixed).

/**
 * What came back. `status` 0: the shop answered early (a body over its limits, refused unread)
 * and closed the connection while the body was still being sent, so the answer was lost with it.
 */
export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

const CLOSED_EARLY: RawAnswer = { status: 0, headers: {}, body: "(closed before the body was sent)" };

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

export function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    // On a slow machine the early answer and the close can come before the last byte is written:
    // the write then fails, and the answer in flight is lost.
    req.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "EPIPE" || error.code === "ECONNRESET" ? resolve(CLOSED_EARLY) : reject(error),
    );
    req.end(body);
  });
}

/** `name=value` pairs of the Set-Cookie headers, as a Cookie header. */
export function cookieHeader(answer: RawAnswer): string {
  return (answer.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
}
