import type { IncomingMessage, ServerResponse } from "node:http";

// A client that sends a request's head and then its body slowly, or never, holds its connection
// (and the request's place in the admission gate) for as long as the server waits: Node's own
// requestTimeout is 5 minutes, and 400 such sockets slowed every other answer by seconds. So a body
// has `timeoutMs` to arrive once the shop starts reading it, plus a second for each
// `minBytesPerSecond` bytes that came, so that a large upload on a slow line that keeps coming is
// not cut (as Apache's mod_reqtimeout, `body=30,MinRate=…`). Past it, the client gets a 408 and the
// connection is closed. Only the body is timed: the clock stops once it has all arrived, however
// long the answer then takes (a slowly streamed one is never cut), and it waits while the shop is
// not reading the body (the request waits its turn, or its reader is busy).

/** 256 kbit/s: slower than a poor mobile line. */
const MIN_BYTES_PER_SECOND = 32 * 1024;

const hasBody = (req: IncomingMessage) =>
  Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;

function timeoutAnswer(req: IncomingMessage, timeoutMs: number): string {
  const message = `The request's body did not arrive in time (${Math.ceil(timeoutMs / 1000)} s).`;
  const api = /^\/api\/v1(?:[/?]|$)/.test(req.url ?? "");
  const body = api ? JSON.stringify({ success: false, message }) : message;
  const type = api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8";
  return (
    `HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: ${type}\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n\r\n${body}`
  );
}

/** Closes the request's connection (after a 408) when its body does not arrive in time; see above. */
export function limitBodyTime(
  req: IncomingMessage,
  res: ServerResponse,
  { timeoutMs, minBytesPerSecond = MIN_BYTES_PER_SECOND }: { timeoutMs: number; minBytesPerSecond?: number },
) {
  if (timeoutMs <= 0 || !hasBody(req) || req.complete) return;
  const socket = req.socket;
  let startedAt = Date.now();
  let bytesAtStart = socket.bytesRead;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    timer = setTimeout(check, ms);
    timer.unref();
  };
  const stop = () => clearTimeout(timer);
  function check() {
    if (req.complete || socket.destroyed) return;
    const now = Date.now();
    // Nobody reads the body at the moment (the handler has not started on it, or its reader is
    // behind): the time is the shop's, not the client's. The clock starts again.
    if (req.readableFlowing !== true || req.readableLength > 0) {
      startedAt = now;
      bytesAtStart = socket.bytesRead;
      return schedule(timeoutMs);
    }
    const allowedMs = timeoutMs + ((socket.bytesRead - bytesAtStart) / minBytesPerSecond) * 1000;
    const left = startedAt + allowedMs - now;
    if (left > 0) return schedule(left);
    // As Node answers its own requestTimeout: on the socket, the response object left alone (what
    // the handler writes later goes nowhere), then closed. After an answer, only closed.
    if (!res.headersSent) socket.write(timeoutAnswer(req, timeoutMs));
    socket.destroy();
  }
  // Not stopped by the answer: a body still coming after an answer given without reading it (a
  // 404, a 405) is read and dropped (Node, or remix-handler's discardRest) and timed all the same.
  req.once("end", stop);
  schedule(timeoutMs);
}
