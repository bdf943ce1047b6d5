import type { Request as ExpressRequest, RequestHandler } from "express";
import { config } from "~/config.server";
import { isApiPath, type TrustedOrigins } from "./cors.server";
import { hasBody, sendEdgeError } from "./edge-errors.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Calls authenticated by a bearer token carry no ambient credential a foreign page could borrow. */
export const hasBearerToken = (req: ExpressRequest) => (req.get("Authorization") ?? "").startsWith("Bearer ");

const PUBLIC_ORIGIN = new URL(config.publicUrl).origin;

/** The shop's own origins: the request's Host, and PUBLIC_URL's origin. `null` and unparsable values are foreign. */
function isOwnOrigin(origin: string, host: string | undefined): boolean {
  if (origin === PUBLIC_ORIGIN) return true;
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return (
    url.origin === origin && (url.protocol === "http:" || url.protocol === "https:") && url.host === host?.toLowerCase()
  );
}

/** The origin of a Referer; `null` (foreign) when it is not a URL. */
const originOf = (url: string) => (URL.canParse(url) ? new URL(url).origin : "null");

/**
 * A browser's request that another site started (a link, a form, an image, a script's fetch):
 * `Sec-Fetch-Site: cross-site`, or, from a browser that does not send that header, an Origin or a
 * Referer naming another site. Requests without those headers (API clients) are not.
 */
export function isCrossSite(req: ExpressRequest): boolean {
  const site = req.get("Sec-Fetch-Site");
  if (site !== undefined) return site.trim().toLowerCase() === "cross-site";
  const host = req.get("Host");
  const origin = req.get("Origin");
  if (origin !== undefined && !isOwnOrigin(origin, host)) return true;
  const referer = req.get("Referer");
  return referer !== undefined && !isOwnOrigin(originOf(referer), host);
}

/**
 * Cross-site request forgery: a write (any method but GET, HEAD, OPTIONS) whose Origin header names
 * another site is refused with a 403 that says why, for pages and the API alike, before anything
 * reads it. A missing Origin (clients other than browsers) is allowed, and so are API calls with a
 * bearer token, and API calls from the trusted origins (CORS_ORIGINS, cors.server.ts).
 */
export function rejectForeignOrigins(trusted: Pick<TrustedOrigins, "trusts"> | null = null): RequestHandler {
  return (req, res, next) => {
    const origin = req.get("Origin");
    if (SAFE_METHODS.has(req.method) || origin === undefined || hasBearerToken(req)) return next();
    if (isOwnOrigin(origin, req.get("Host"))) return next();
    // A storefront of the shop's own on another origin (CORS_ORIGINS): its API calls only.
    if (trusted?.trusts(origin) && isApiPath(req.originalUrl)) return next();
    const shown = origin.length > 100 ? `${origin.slice(0, 100)}…` : origin;
    sendEdgeError(
      req,
      res,
      403,
      `This request came from another site (Origin: ${shown}), so the shop did not act on it. ` +
        `If you meant to do this, open the shop at ${PUBLIC_ORIGIN} and try again.`,
      hasBody(req),
    );
  };
}
