import http from "node:http";

// Requests exactly as written: any method, headers and bytes, no cookie jar (the fuzz and body
// tests send what a browser or fetch would refuse to, and keep a session cookie fixed).

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

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
    req.on("error", reject);
    req.end(body);
  });
}

/** `name=value` pairs of the Set-Cookie headers, as a Cookie header. */
export function cookieHeader(answer: RawAnswer): string {
  return (answer.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
}
