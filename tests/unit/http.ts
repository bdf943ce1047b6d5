import http from "node:http";
import type { AddressInfo } from "node:net";

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A server on a free loopback port for a request listener; `request` sends one request and reads the answer as it came (no decompression). */
export async function listen(listener: http.RequestListener) {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true });
  return {
    port,
    request(
      path: string,
      headers: http.OutgoingHttpHeaders = {},
      method = "GET",
      body?: string | Buffer,
    ): Promise<RawResponse> {
      return new Promise((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, path, method, headers, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on("error", reject);
        });
        req.on("error", reject);
        req.end(body);
      });
    },
    close: () => {
      agent.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
