import http from "node:http";
import zlib from "node:zlib";

/** One response as it came over the wire: the body still encoded as the server sent it. */
export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; rawHeaders: string[]; body: Buffer };

/** GET with exactly these headers, without decoding the body (fetch would decompress it). */
export function fetchRaw(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** The body as the page's author wrote it (the content encoding undone). */
export function decodedBody(response: RawResponse): Buffer {
  switch (response.headers["content-encoding"]) {
    case undefined:
    case "identity":
      return response.body;
    case "br":
      return zlib.brotliDecompressSync(response.body);
    case "gzip":
      return zlib.gunzipSync(response.body);
    case "deflate":
      return zlib.inflateSync(response.body);
    default:
      throw new Error(`Unknown content-encoding ${response.headers["content-encoding"]}`);
  }
}
