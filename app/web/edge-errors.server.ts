import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { config } from "~/config.server";
import { escapeHtml } from "~/lib/html";

// Answers the Express edge gives before Remix runs (a foreign Origin, a body over the limits):
// JSON in the API's shape under /api/v1, a small HTML page that says why everywhere else.

export const isApiPath = (path: string) => path === "/api/v1" || path.startsWith("/api/v1/");

const TITLES: Record<number, string> = {
  400: "Bad request",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  413: "Too large",
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
export function sendEdgeError(req: ExpressRequest, res: ExpressResponse, status: number, message: string, close = false) {
  if (close) res.setHeader("Connection", "close");
  res.setHeader("Cache-Control", "no-store");
  res.status(status);
  if (isApiPath(req.path)) res.json({ success: false, message });
  else res.type("html").send(page(status, message));
}
