import crypto from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { catalogueVersion } from "~/models/platform";
import { cookieInHeader, SHOP_COOKIES } from "~/web/cookie-names";

/**
 * HTTP caching for anonymous visitors (no shop cookie, no Authorization header) on the catalogue:
 * the home page, search and product pages, and the API's product reads. Their responses depend on
 * the URL and the catalogue only, so a rendered response is kept in memory, tagged with the
 * catalogue version (bumped by database triggers on every change to products, pictures, reviews or
 * stock, whoever writes: drizzle/sqlite/0004), and served again while the version is unchanged, compressed
 * once, with an ETag (304 on If-None-Match) and headers that let a shared cache help. Responses that
 * set a cookie (a toast, a cart) or are not 200 are never kept. Signed-in visitors always get a
 * fresh, private page.
 *
 * Two halves: `middleware` (Express, in front of Remix) keeps what a miss renders, and `answer`
 * (plain node http, called by the server's request listener before Express) serves the hits. A
 * hit's headers are those of the response it was cut from, security headers included, minus the
 * per-response ones, computed once when it is stored and written with one writeHead.
 */

const CACHEABLE_PATHS = [
  /^\/$/,
  /^\/search$/,
  /^\/search\/[^/]+$/,
  /^\/category\/[^/]+$/,
  /^\/product\/[^/]+$/,
  /^\/api\/v1\/products$/,
  /^\/api\/v1\/product\/[^/]+$/,
];
const SHOP_COOKIE = cookieInHeader(...SHOP_COOKIES);

export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=60";
export const PRIVATE_CACHE_CONTROL = "private, no-cache";
const MAX_AGE_MS = 60_000; // also bounds anything time-dependent in a page (the footer's year)
const MAX_ENTRIES = 500;
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_BODY_BYTES = 1024 * 1024;
/** Smaller bodies are sent as they are: compressing them saves next to nothing. */
const MIN_COMPRESSED_BYTES = 1024;

// Headers of the response a stored one is cut from that belong to that response alone (the
// framing, the date, a cookie) or that the cache sets itself.
const NOT_STORED = new Set([
  "date",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "set-cookie",
  "etag",
  "cache-control",
  "vary",
  // Set per request, for the origin that asks (cors.server.ts), before a hit is answered.
  "access-control-allow-origin",
  "access-control-allow-credentials",
  "access-control-expose-headers",
]);

type Encoding = "br" | "gzip" | "identity";

function parseEncoding(acceptEncoding: string): Encoding {
  const accepted = new Set(
    acceptEncoding
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !q || Number(q.split("=")[1]) > 0)
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

// Clients send a handful of distinct Accept-Encoding values: each is parsed once.
const encodings = new Map<string, Encoding>();

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let encoding = encodings.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = parseEncoding(acceptEncoding);
    if (encodings.size >= 64) encodings.clear();
    encodings.set(acceptEncoding, encoding);
  }
  return encoding;
}

/** A response body compressed once per encoding (lazily). */
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

  /** The encoding to send to a client that sends this Accept-Encoding. */
  encodingFor(acceptEncoding: string | undefined): Encoding {
    return this.raw.length < MIN_COMPRESSED_BYTES ? "identity" : pickEncoding(acceptEncoding);
  }

  bytes(encoding: Encoding): Buffer {
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

  /** Sends the body through Express; Content-Encoding set here makes the compression middleware leave it alone. */
  send(req: Request, res: Response) {
    const encoding = this.encodingFor(req.get("accept-encoding"));
    const body = this.bytes(encoding);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.append("Vary", "Accept-Encoding");
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  }
}

/** A stored response: its body and the headers of each answer it gives, built once. */
class Entry {
  private readonly ok = new Map<Encoding, OutgoingHttpHeaders>();
  readonly notModified: OutgoingHttpHeaders;

  constructor(
    readonly version: number,
    readonly storedAt: number,
    readonly etag: string,
    readonly body: EncodedBody,
    /** Every header of a 200 but the body's length and encoding. */
    private readonly headers: OutgoingHttpHeaders,
  ) {
    // A 304 carries them too (a browser updates its stored copy's headers from it), but for the body's type.
    this.notModified = Object.fromEntries(
      Object.entries(headers).filter(([name]) => name.toLowerCase() !== "content-type"),
    );
  }

  okHeaders(encoding: Encoding): OutgoingHttpHeaders {
    let headers = this.ok.get(encoding);
    if (!headers) {
      headers = { ...this.headers, "Content-Length": this.body.bytes(encoding).length };
      if (encoding !== "identity") headers["Content-Encoding"] = encoding;
      this.ok.set(encoding, headers);
    }
    return headers;
  }
}

export type PageCacheOptions = {
  /**
   * The Content-Security-Policy to send with a stored response, computed once when it is stored:
   * the nonce of the response it was cut from is stale for every later visitor. Without it, the
   * response's own policy is kept.
   */
  contentSecurityPolicy?: (body: Buffer, contentType: string, res: Response) => string;
  /**
   * What a render writes into the body that differs from one render to the next (the CSP nonce):
   * left out of the ETag, so that every render of the same page, in every worker process, has the
   * same one and a revalidation gets its 304 whichever worker answers it.
   */
  perRender?: (res: Response) => string | undefined;
};

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

export function isAnonymous(headers: IncomingHttpHeaders): boolean {
  return !SHOP_COOKIE.test(headers.cookie ?? "") && !headers.authorization;
}

/** Whether a request target (path and query, as the request line has it) is a catalogue read. */
function isCacheable(url: string): boolean {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  return CACHEABLE_PATHS.some((re) => re.test(path));
}

/** The Vary values of a response, with Accept-Encoding: the cache answers in the client's encoding. */
function varyWithEncoding(vary: number | string | string[] | undefined): string {
  const names = (Array.isArray(vary) ? vary.join(",") : String(vary ?? ""))
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.some((name) => name.toLowerCase() === "accept-encoding")) names.push("Accept-Encoding");
  return names.join(", ");
}

/** The headers of a stored 200, from the response it is cut from (names as that response wrote them). */
function storedHeaders(res: ServerResponse, type: string, etag: string, csp: string | undefined): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  if (!res.hasHeader("content-type")) headers["Content-Type"] = type;
  // Node has it on every outgoing message; @types/node declares it on ClientRequest only.
  for (const name of (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
    if (NOT_STORED.has(name.toLowerCase())) continue;
    if (csp !== undefined && name.toLowerCase() === "content-security-policy") continue;
    headers[name] = res.getHeader(name);
  }
  headers["Vary"] = varyWithEncoding(res.getHeader("vary"));
  headers["Cache-Control"] = PUBLIC_CACHE_CONTROL;
  headers["ETag"] = etag;
  if (csp !== undefined) headers["Content-Security-Policy"] = csp;
  return headers;
}

// The catalogue version as read in this turn of the event loop: the hits of one turn (many, under
// load) share one read, which costs about 10 µs on a WAL file. A change is seen from the next turn
// on, and a request sent after the answer to a write always comes in a later turn than the write.
// An entry stored meanwhile in this turn is tagged with a newer version: a mismatch reads it again.
let versionThisTurn: number | undefined;
const forgetVersion = () => {
  versionThisTurn = undefined;
};
function isCurrent(version: number): boolean {
  if (versionThisTurn === undefined) setImmediate(forgetVersion);
  else if (version === versionThisTurn) return true;
  versionThisTurn = catalogueVersion();
  return version === versionThisTurn;
}

export type PageCache = ReturnType<typeof anonymousCatalogueCache>;

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

  /**
   * Answers a request from the cache when it is an anonymous GET or HEAD of a catalogue read
   * stored for the current catalogue: the bytes of body sent (0 for a 304 or a HEAD). Otherwise
   * `undefined`, having written nothing: the request goes on to Express.
   */
  function answer(req: IncomingMessage, res: ServerResponse): number | undefined {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return undefined;
    // Only catalogue reads are ever stored (see middleware): the URL's lookup is the path check.
    const key = req.url ?? "/";
    const hit = entries.get(key);
    if (!hit || !isAnonymous(req.headers)) return undefined;
    if (Date.now() - hit.storedAt >= MAX_AGE_MS || !isCurrent(hit.version)) {
      remove(key);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, hit);
    if (etagMatches(req.headers["if-none-match"], hit.etag)) {
      res.writeHead(304, hit.notModified);
      res.end();
      return 0;
    }
    const encoding = hit.body.encodingFor(req.headers["accept-encoding"]);
    const body = hit.body.bytes(encoding);
    res.writeHead(200, hit.okHeaders(encoding));
    if (method === "HEAD") {
      res.end();
      return 0;
    }
    res.end(body);
    return body.length;
  }

  /** Express middleware in front of Remix: marks these URLs' answers, and keeps a miss's answer when it may be shared. */
  function middleware(req: Request, res: Response, next: NextFunction) {
    const key = req.originalUrl;
    if ((req.method !== "GET" && req.method !== "HEAD") || !isCacheable(key)) return next();
    res.append("Vary", "Cookie");
    if (!isAnonymous(req.headers)) {
      res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
      return next();
    }
    if (req.method === "HEAD") return next();

    // A miss: let Remix answer, and keep a copy of what it sends when it may be shared.
    const version = catalogueVersion();
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
      res.setHeader(
        "Cache-Control",
        status === 200 && !res.getHeader("set-cookie") ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL,
      );
      return writeHead(...args);
    }) as Response["writeHead"];
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      // An unknown version (below zero: PostgreSQL's follower not connected) keeps nothing.
      if (version >= 0 && shareable() && size <= MAX_BODY_BYTES) {
        const raw = Buffer.concat(chunks);
        const varying = options.perRender?.(res);
        const hash = crypto.createHash("sha1");
        if (varying) hash.update(raw.toString("latin1").replaceAll(varying, ""), "latin1");
        else hash.update(raw);
        const etag = `W/"${hash.digest("base64url")}"`;
        const type = String(res.getHeader("content-type") ?? "text/html");
        const csp = options.contentSecurityPolicy?.(raw, type, res);
        store(key, new Entry(version, Date.now(), etag, new EncodedBody(raw), storedHeaders(res, type, etag, csp)));
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  }

  return { answer, middleware };
}
