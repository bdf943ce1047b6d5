import crypto from "node:crypto";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { catalogueVersion } from "~/models/catalogue-version.server";

/**
 * HTTP caching for anonymous visitors (no shop cookie, no Authorization header) on the catalogue:
 * the home page, search and product pages, and the API's product reads. Their responses depend on
 * the URL and the catalogue only, so a rendered response is kept in memory, tagged with the
 * catalogue version (bumped by database triggers on every change to products, pictures, reviews or
 * stock, whoever writes: drizzle/0004), and served again while the version is unchanged, compressed
 * once, with an ETag (304 on If-None-Match) and headers that let a shared cache help. Responses that
 * set a cookie (a toast, a cart) or are not 200 are never kept. Signed-in visitors always get a
 * fresh, private page.
 */

const CACHEABLE_PATHS = [/^\/$/, /^\/search$/, /^\/search\/[^/]+$/, /^\/product\/[^/]+$/, /^\/api\/v1\/products$/, /^\/api\/v1\/product\/[^/]+$/];
const SHOP_COOKIE = /(?:^|;\s*)shop_(?:session|cart|toast)=/;

export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=60";
export const PRIVATE_CACHE_CONTROL = "private, no-cache";
const MAX_AGE_MS = 60_000; // also bounds anything time-dependent in a page (the footer's year)
const MAX_ENTRIES = 500;
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_BODY_BYTES = 1024 * 1024;

type Encoding = "br" | "gzip" | "identity";

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. */
function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !q || Number(q.split("=")[1]) > 0)
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

/** A response body compressed once per encoding (lazily), and sent with the right headers. */
export class EncodedBody {
  private readonly encoded = new Map<Encoding, Buffer>();
  constructor(readonly raw: Buffer) {
    this.encoded.set("identity", raw);
  }

  get size() {
    let bytes = 0;
    for (const body of this.encoded.values()) bytes += body.length;
    return bytes;
  }

  private bytes(encoding: Encoding): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === "br"
          ? zlib.brotliCompressSync(this.raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : zlib.gzipSync(this.raw, { level: 6 });
      this.encoded.set(encoding, body);
    }
    return body;
  }

  /** Sends the body; Content-Encoding set here makes the compression middleware leave it alone. */
  send(req: Request, res: Response) {
    const encoding = this.raw.length < 1024 ? "identity" : pickEncoding(req.get("accept-encoding"));
    const body = this.bytes(encoding);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.append("Vary", "Accept-Encoding");
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  }
}

type Entry = { version: number; storedAt: number; type: string; etag: string; body: EncodedBody; csp?: string };

export type PageCacheOptions = {
  /**
   * The Content-Security-Policy to send with a stored response, computed once when it is stored:
   * the nonce of the response it was cut from is stale for every later visitor.
   */
  contentSecurityPolicy?: (body: Buffer, contentType: string, res: Response) => string;
};

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

export function isAnonymous(req: Request): boolean {
  return !SHOP_COOKIE.test(req.get("cookie") ?? "") && !req.get("authorization");
}

export function anonymousCatalogueCache(options: PageCacheOptions = {}) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.size;
    entries.delete(key);
  };
  const store = (key: string, entry: Entry) => {
    remove(key);
    entries.set(key, entry);
    bytes += entry.body.size;
    // Oldest first out (a Map keeps insertion order; hits are moved to the end).
    for (const oldest of entries.keys()) {
      if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
      remove(oldest);
    }
  };

  return function anonymousCache(req: Request, res: Response, next: NextFunction) {
    if ((req.method !== "GET" && req.method !== "HEAD") || !CACHEABLE_PATHS.some((re) => re.test(req.path))) return next();
    res.append("Vary", "Cookie");
    if (!isAnonymous(req)) {
      res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
      return next();
    }

    const key = req.originalUrl;
    const version = catalogueVersion();
    const hit = entries.get(key);
    if (hit && hit.version === version && Date.now() - hit.storedAt < MAX_AGE_MS) {
      entries.delete(key);
      entries.set(key, hit);
      res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
      res.setHeader("ETag", hit.etag);
      // On a 304 too: a browser updates its stored copy's headers from it.
      if (hit.csp) res.setHeader("Content-Security-Policy", hit.csp);
      if (etagMatches(req.get("if-none-match"), hit.etag)) return void res.status(304).end();
      res.setHeader("Content-Type", hit.type);
      return hit.body.send(req, res);
    }
    if (hit) remove(key);
    if (req.method === "HEAD") return next();

    // A miss: let Remix answer, and keep a copy of what it sends when it may be shared.
    const chunks: Buffer[] = [];
    let size = 0;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function" || size > MAX_BODY_BYTES) return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
          : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      chunks.push(Buffer.from(buffer));
      size += buffer.length;
    };
    const shareable = () => res.statusCode === 200 && !res.getHeader("set-cookie");
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    res.writeHead = ((...args: unknown[]) => {
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      res.setHeader("Cache-Control", status === 200 && !res.getHeader("set-cookie") ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
      return writeHead(...args);
    }) as Response["writeHead"];
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      if (shareable() && size <= MAX_BODY_BYTES) {
        const raw = Buffer.concat(chunks);
        const etag = `W/"${crypto.createHash("sha1").update(raw).digest("base64url")}"`;
        const type = String(res.getHeader("content-type") ?? "text/html");
        const csp = options.contentSecurityPolicy?.(raw, type, res);
        store(key, { version, storedAt: Date.now(), type, etag, body: new EncodedBody(raw), csp });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  };
}
