import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import pino from "pino";

/**
 * The access log (ACCESS_LOG): one line per request, cache hits and static files included. Where a
 * program reads the output (a container's log, a collector) a JSON line (pino) with the method, URL,
 * status, response time and body bytes sent; in a terminal a short line a person reads between the
 * start log's (`GET /product/abc 200 12 ms`). Lines go to standard output through an asynchronous
 * destination (sonic-boom, sync: false): the event loop only appends to a buffer, and the buffer is
 * written from libuv's thread pool, JSON 2 KB or more at a time (or after a second).
 */

export type AccessLog = {
  /** The line of a request answered without Express (the page cache): its body bytes are known. */
  answered(req: IncomingMessage, res: ServerResponse, startedAt: number, bytes: number): void;
  /** Follows a request Express answers, counting the body bytes sent, and writes its line when the response ends. */
  follow(req: IncomingMessage, res: ServerResponse, startedAt: number): void;
  /** Writes out what is still buffered (on shutdown). */
  flush(): void;
};

export type AccessLogFormat = "json" | "short";

/** ACCESS_LOG's form on this output: auto is short lines in a terminal and JSON elsewhere; off is none. */
export function accessLogFormat(
  setting: "auto" | AccessLogFormat | "off",
  output: { isTTY?: boolean },
): AccessLogFormat | null {
  if (setting === "off") return null;
  if (setting === "auto") return output.isTTY ? "short" : "json";
  return setting;
}

export type AccessLogOptions = {
  format: AccessLogFormat;
  /** A file descriptor or path; standard output by default. */
  destination?: number | string;
};

// A URL is cut short in the log past this length (Node accepts request lines of up to 16 KB).
const MAX_URL = 2048;
// The most written at once: on a pipe (docker's stdout) writes up to PIPE_BUF bytes are atomic, so
// the lines of several processes writing to one stdout never interleave.
const MAX_WRITE = 4096;
// In production lines are written when this many bytes are waiting, or after FLUSH_MS: one write
// per line cost a fifth of a cache hit's time (a thread-pool round trip each).
const MIN_WRITE = 2048;
const FLUSH_MS = 1000;

/** When a request started, for `answered` and `follow`. */
export const requestStart = () => performance.now();

function byteLength(chunk: unknown, encoding: unknown): number {
  if (typeof chunk === "string")
    return Buffer.byteLength(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  if (chunk instanceof Uint8Array) return chunk.byteLength;
  return 0;
}

export function createAccessLog({ format, destination = 1 }: AccessLogOptions): AccessLog {
  const buffered = format === "json";
  const stream = pino.destination({
    dest: destination,
    sync: false,
    maxWrite: MAX_WRITE,
    ...(buffered ? { minLength: MIN_WRITE, periodicFlush: FLUSH_MS } : {}),
  });
  const logger = format === "json" ? pino({ base: { pid: process.pid } }, stream) : null;

  const line = (
    method: string | undefined,
    url: string | undefined,
    status: number,
    startedAt: number,
    bytes: number,
  ) => {
    const ms = Math.round((performance.now() - startedAt) * 100) / 100;
    const shown = url && url.length > MAX_URL ? `${url.slice(0, MAX_URL)}…` : url;
    if (logger) logger.info({ method, url: shown, status, ms, bytes });
    else stream.write(`${method} ${shown} ${status} ${Math.round(ms)} ms\n`);
  };

  return {
    answered: (req, res, startedAt, bytes) => line(req.method, req.url, res.statusCode, startedAt, bytes),
    follow(req, res, startedAt) {
      // Express rewrites req.url inside mounted middleware: the URL as requested is taken now.
      const url = req.url;
      let bytes = 0;
      // Installed before Express, so the compression middleware writes through these: the bytes counted are those sent.
      const write = res.write;
      const end = res.end;
      res.write = function (this: ServerResponse, ...args: unknown[]) {
        bytes += byteLength(args[0], args[1]);
        return write.apply(this, args as Parameters<typeof write>);
      } as typeof res.write;
      res.end = function (this: ServerResponse, ...args: unknown[]) {
        if (typeof args[0] !== "function") bytes += byteLength(args[0], args[1]);
        return end.apply(this, args as Parameters<typeof end>);
      } as typeof res.end;
      // "close" comes after the response is sent, or when the connection ends before that.
      res.once("close", () => line(req.method, url, res.statusCode, startedAt, bytes));
    },
    flush() {
      try {
        stream.flushSync();
      } catch {
        // Nothing written yet (the destination is still opening), or the output has gone away.
      }
    },
  };
}
