import type { ErrorRequestHandler, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { config } from "~/config.server";
import { databaseGone, databaseUnreachable } from "~/db/dialect";
import { logServerError } from "~/models/platform";
import { escapeHtml } from "~/lib/html";

// Answers the Express edge gives before Remix runs (a foreign Origin, a body over the limits, a
// method or an address nothing can read): JSON in the API's shape under /api/v1, a small HTML page
// that says why everywhere else.

/** Whether the request came with a body (which an early answer leaves unread: the connection is closed after it). */
export const hasBody = (req: ExpressRequest) =>
  Number(req.get("Content-Length") ?? 0) > 0 || req.get("Transfer-Encoding") !== undefined;

export const isApiPath = (path: string) => path === "/api/v1" || path.startsWith("/api/v1/");

const TITLES: Record<number, string> = {
  400: "Bad request",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  413: "Too large",
  500: "Server error",
  503: "Service unavailable",
  502: "Bad gateway",
  504: "Gateway timeout",
};

function page(status: number, message: string): string {
  const title = `${status} ${TITLES[status] ?? "Error"} - ${config.shopName}`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem"><main>
<h1>${status} ${escapeHtml(TITLES[status] ?? "Error")}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/">Back to ${escapeHtml(config.shopName)}</a></p>
</main></body></html>
`;
}

/** Sends the error; `close` ends the connection after it, so that a body left unread is not read. */
export function sendEdgeError(
  req: ExpressRequest,
  res: ExpressResponse,
  status: number,
  message: string,
  close = false,
) {
  if (close) res.setHeader("Connection", "close");
  res.setHeader("Cache-Control", "no-store");
  res.status(status);
  if (isApiPath(req.path)) res.json({ success: false, message });
  else res.type("html").send(page(status, message));
}

/** How long a client should wait before trying again while the database is out of reach. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The answer while the database server cannot be reached (a restart, a failover, a network cut):
 * 503 with Retry-After, a page or the API's JSON, instead of a 500. The pool reconnects by itself.
 */
export function sendDatabaseUnreachable(req: ExpressRequest, res: ExpressResponse) {
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  sendEdgeError(
    req,
    res,
    503,
    "The shop cannot reach its database at the moment. Please try again in a few seconds.",
    hasBody(req),
  );
}

/** The status of an error Express or its middleware raised for a client's mistake (4xx), if it is one. */
function clientErrorStatus(error: unknown): number | null {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const code = Number(status ?? statusCode);
  return Number.isInteger(code) && code >= 400 && code < 500 ? code : null;
}

function clientErrorMessage(error: unknown, status: number): string {
  // Express's router could not decode the path (e.g. `/%ZZ`).
  if (error instanceof URIError)
    return "This address is not valid: one of its %-escapes (such as %ZZ) does not decode.";
  if ((error as { expose?: unknown }).expose === true && error instanceof Error) return error.message;
  return TITLES[status] ?? "Bad request";
}

/**
 * Express's last error handler, in place of its default one (which logs every error's stack, a
 * client's broken `%` escape included). A client's mistake gets its 4xx and no log line (the access
 * log has the request); a database gone away gets a 503 (logged once per outage); anything else is
 * the server's: its stack is logged once and the answer is a plain 500.
 */
export function edgeErrorHandler(): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = clientErrorStatus(error);
    if (status === null) logServerError(error);
    if (res.headersSent) return void res.destroy();
    if (status !== null) return sendEdgeError(req, res, status, clientErrorMessage(error, status), hasBody(req));
    if (databaseGone(error) || databaseUnreachable()) return sendDatabaseUnreachable(req, res);
    sendEdgeError(req, res, 500, "Something went wrong on our side. Please try again.", hasBody(req));
  };
}
