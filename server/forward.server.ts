import http from "node:http";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { declaresMoreThan } from "~/web/body-limits.server";
import { sendEdgeError } from "./edge-errors.server";

export type ForwardOptions = {
  /** What is forwarded to, for the messages when it does not answer ("The payment sandbox"). */
  name: string;
  /** The server forwarded to, e.g. http://127.0.0.1:4242: every request goes to its host and port, whatever the path. */
  target: string;
  /** The paths (below the mount point) that are forwarded; any other is a 404. */
  forwards: (pathname: string) => boolean;
  /** The methods forwarded; any other is a 405. */
  methods: string[];
  /** The largest request body forwarded, read whole (and limited) before anything is sent on. */
  bodyLimit: number;
  /** How long the target may take to answer before the client gets a 504. */
  timeoutMs?: number;
};

// What goes through: the request's body and its type, never its cookies or credentials; the
// answer's status, body and the headers that say what it is and where it leads.
const REQUEST_HEADERS = ["content-type", "accept"];
const ANSWER_HEADERS = [
  "content-type",
  "location",
  "cache-control",
  "access-control-allow-origin",
  "access-control-allow-methods",
  "access-control-allow-headers",
  "cross-origin-resource-policy",
  "request-id",
];

/**
 * Express handlers that forward some paths, as mounted (app.use(prefix, ...forwardTo(…))), to a
 * server on another port, e.g. the payment sandbox's loopback one: so that a browser reaches it
 * under the shop's own origin. The answer passes through the shop's response middleware (its
 * security headers, compression).
 */
export function forwardTo({
  name,
  target,
  forwards,
  methods,
  bodyLimit,
  timeoutMs = 10_000,
}: ForwardOptions): (RequestHandler | ErrorRequestHandler)[] {
  const { hostname, port } = new URL(target);
  const agent = new http.Agent({ keepAlive: true });

  const tooLarge: RequestHandler = (req, res) =>
    sendEdgeError(req, res, 413, `The request is too large: at most ${bodyLimit} bytes can be sent here.`, true);

  const allowed: RequestHandler = (req, res, next) => {
    if (!forwards(req.path)) return sendEdgeError(req, res, 404, "There is no such page.", false);
    if (!methods.includes(req.method)) {
      res.setHeader("Allow", methods.join(", "));
      return sendEdgeError(req, res, 405, `${req.method} is not allowed here.`, false);
    }
    if (declaresMoreThan(req.headers, bodyLimit)) return tooLarge(req, res, next);
    next();
  };

  const refuseBody: ErrorRequestHandler = (error, req, res, next) => {
    const status = (error as { status?: unknown }).status;
    if (status === 413) return tooLarge(req, res, next);
    if (typeof status === "number" && status >= 400 && status < 500)
      return sendEdgeError(req, res, 400, "The request body could not be read.", true);
    next(error);
  };

  const forward: RequestHandler = (req, res) => {
    const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const headers: http.OutgoingHttpHeaders = { "content-length": body.length };
    for (const name of REQUEST_HEADERS) if (req.headers[name] !== undefined) headers[name] = req.headers[name];
    // The path as the target's, from the mount point on; the host and port are always the target's.
    const upstream = http.request(
      { host: hostname, port, method: req.method, path: req.url, headers, agent, timeout: timeoutMs },
      (answer) => {
        res.status(answer.statusCode ?? 502);
        for (const name of ANSWER_HEADERS) {
          const value = answer.headers[name];
          if (value !== undefined) res.setHeader(name, value);
        }
        answer.pipe(res);
        answer.on("error", () => res.destroy());
      },
    );
    upstream.on("timeout", () => upstream.destroy(Object.assign(new Error("timed out"), { code: "ETIMEDOUT" })));
    upstream.on("error", (error) => {
      if (res.headersSent) return void res.destroy();
      const timedOut = (error as NodeJS.ErrnoException).code === "ETIMEDOUT";
      sendEdgeError(
        req,
        res,
        timedOut ? 504 : 502,
        timedOut ? `${name} took too long to answer.` : `${name} is not answering.`,
      );
    });
    // A client gone before the answer: nothing more to ask for it.
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  };

  return [allowed, express.raw({ type: () => true, limit: bodyLimit }), refuseBody, forward];
}
