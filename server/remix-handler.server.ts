import type { IncomingMessage } from "node:http";
import zlib from "node:zlib";
import {
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type { Request as ExpressRequest, NextFunction, RequestHandler, Response as ExpressResponse } from "express";
import { databaseUnreachable } from "~/db/dialect";
import { inApiShape } from "~/web/api.server";
import { BodyError, bodyLimitFor, bodyTooLarge, declaredOverLimit, isMultipart } from "~/web/body-limits.server";
import { hasBody, isApiPath, sendDatabaseUnreachable, sendEdgeError } from "./edge-errors.server";
import { isAnonymous } from "./page-cache.server";
import { withUploadScope } from "~/web/upload-files.server";
import { catchUpCatalogueVersion, requestLostTheDatabase } from "~/models/platform";

// Methods a fetch Request cannot carry (it throws): TRACE, which would echo the request, and the
// tunnels. Node answers CONNECT itself; TRACE reaches here. What the shop's routes take instead:
const UNREQUESTABLE_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);
const PAGE_METHODS = "GET, HEAD, POST";
const API_METHODS = "GET, HEAD, POST, PUT, DELETE";

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
};

/**
 * The Remix request handler, with every request body limited before anything parses it (see
 * body-limits.server.ts): a declared Content-Length over the limit is answered 413 unread, a
 * streamed body is counted and cut at the limit, and a cut body is answered 413 whatever the route
 * made of it. Files uploaded while answering are removed afterwards.
 */
export function remixHandler({ build, mode, getLoadContext }: Options): RequestHandler {
  const handle = createRequestHandler(build, mode);
  // Express does not await a handler: every failure is caught here and handed to next().
  return (req, res, next) => void answer(req, res, next);
  async function answer(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    try {
      if (UNREQUESTABLE_METHODS.has(req.method)) {
        res.setHeader("Allow", isApiPath(req.path) ? API_METHODS : PAGE_METHODS);
        return sendEdgeError(req, res, 405, `${req.method} is not allowed here.`, hasBody(req));
      }
      const url = requestUrl(req);
      if (!url) return sendEdgeError(req, res, 400, "The Host header is not valid.", hasBody(req));
      const limit = bodyLimitFor(req.get("Content-Type"));
      const withBody = req.method !== "GET" && req.method !== "HEAD";
      if (withBody && declaredOverLimit(req.headers) !== null)
        return sendEdgeError(req, res, 413, bodyTooLarge(limit).message, true);

      const body = withBody ? new LimitedBody(req, limit) : null;
      const controller = new AbortController();
      // A client gone before the answer is complete: what reads request.signal can stop. ("close"
      // comes after every answer; aborting then would only build an AbortError for nothing.)
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      // The headers as Node parsed them (one list, which the Request copies once), without Origin:
      // rejectForeignOrigins has checked it already, against PUBLIC_URL too; Remix's own check would
      // turn a mismatch (e.g. a client's X-Forwarded-Host) into a 500.
      const headers: [string, string][] = [];
      for (const [name, value] of Object.entries(req.headers)) {
        if (name === "origin" || value === undefined) continue;
        for (const one of Array.isArray(value) ? value : [value]) headers.push([name, one]);
      }
      const request = new Request(url, {
        method: req.method,
        headers,
        signal: controller.signal,
        ...(body ? { body: body.stream, duplex: "half" } : {}),
      } as RequestInit);

      if (!isAnonymous(req.headers)) await catchUpCatalogueVersion();
      // Only a multipart body carries files. (The scope is an AsyncLocalStorage: once in use, it
      // costs something on every promise of every request, so the others stay out of it.)
      const context = getLoadContext(req, res);
      const answer = isMultipart(req.get("Content-Type"))
        ? await withUploadScope(async () => handle(request, context))
        : await handle(request, context);
      const response = isApiPath(url.pathname) ? inApiShape(request, answer) : answer;
      if (response.status === 500 && (requestLostTheDatabase(context) || databaseUnreachable())) {
        await response.body?.cancel();
        return sendDatabaseUnreachable(req, res);
      }
      if (body?.tripped) {
        res.setHeader("Connection", "close");
        if (response.status !== 413) {
          await response.body?.cancel();
          return sendEdgeError(req, res, 413, bodyTooLarge(limit).message, true);
        }
      } else body?.discardRest();
      await send(req, res, response);
    } catch (error) {
      next(error);
    }
  }
}

// Pages (entry.server.tsx renders them whole) and single-fetch data: bounded by what a page shows.
// JSON answers (the API's): Response.json holds them whole already.
const WRITTEN_AT_ONCE = /^(?:text\/html|text\/x-script|application\/json)/i;
const MIN_COMPRESSED_BYTES = 1024;

async function send(req: ExpressRequest, res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  const type = response.headers.get("Content-Type") ?? "";
  if (!response.body) return void res.end();
  if (WRITTEN_AT_ONCE.test(type)) {
    // One write: streamed, each chunk would be flushed through the compression stream on its own
    // (and a compression stream costs more to set up than a small answer costs to compress).
    let body = Buffer.from(await response.arrayBuffer());
    // A visitor with a shop cookie gets a page rendered for them alone, which the page cache never
    // keeps: it is compressed here, in one call at a fast level (a tenth of a millisecond for a page),
    // rather than by the compression middleware's stream. The page cache keeps anonymous answers
    // uncompressed (and compresses them once).
    if (!isAnonymous(req.headers) && body.length >= MIN_COMPRESSED_BYTES) {
      res.append("Vary", "Accept-Encoding");
      if (req.acceptsEncodings("gzip")) {
        body = zlib.gzipSync(body, { level: 3 });
        res.setHeader("Content-Encoding", "gzip");
      }
    }
    res.setHeader("Content-Length", body.length);
    return void res.end(body);
  }
  if (/text\/event-stream/i.test(type)) res.flushHeaders();
  await writeReadableStreamToWritable(response.body, res);
}

// As @remix-run/express builds it: the host as Express sees it (trust proxy), the port from X-Forwarded-Host or Host.
function requestUrl(req: ExpressRequest): URL | null {
  const portOf = (value: string | undefined) => value?.match(/:(\d+)$/)?.[1];
  const port = portOf(req.get("X-Forwarded-Host")) ?? portOf(req.get("Host"));
  const href = `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
  return URL.canParse(href) ? new URL(href) : null;
}

/** The request's body as a web stream that errors with a 413 BodyError once more than `limit` bytes arrive. */
class LimitedBody {
  readonly stream: ReadableStream<Uint8Array>;
  tripped = false;
  /** Until the stream is closed, errored or cancelled by its reader. */
  private open = true;
  private received = 0;
  private onChunk: (chunk: Buffer) => void = () => {};

  constructor(
    private readonly req: IncomingMessage,
    private readonly limit: number,
  ) {
    const over = (): BodyError => {
      this.tripped = true;
      req.pause();
      return bodyTooLarge(limit);
    };
    this.stream = new ReadableStream<Uint8Array>({
      start: (controller) => {
        const finish = (error?: unknown) => {
          if (!this.open) return;
          this.open = false;
          if (error) controller.error(error);
          else controller.close();
        };
        this.onChunk = (chunk) => {
          if (!this.open) return;
          if (!this.count(chunk)) return finish(over());
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        req.on("data", (chunk: Buffer) => this.onChunk(chunk));
        req.on("end", () => finish());
        // A client that goes away mid-body is not a server error.
        req.on("error", () => finish(new BodyError(400, "The request body ended early.")));
        req.on("close", () => finish(req.complete ? undefined : new BodyError(400, "The request body ended early.")));
      },
      pull: () => void req.resume(),
      cancel: () => {
        this.open = false;
        req.pause();
      },
    });
  }

  /** Adds a chunk to the count; false once the body is over the limit. */
  private count(chunk: Buffer): boolean {
    this.received += chunk.byteLength;
    return this.received <= this.limit;
  }

  /** After the answer: what the route left unread is read and dropped, still within the limit, so the connection can be reused. */
  discardRest() {
    if (this.req.complete) return;
    this.onChunk = (chunk) => {
      if (!this.count(chunk)) this.req.socket.destroy();
    };
    this.req.resume();
  }
}
