import type { IncomingMessage, ServerResponse } from "node:http";
import cors from "cors";

// Trusted origins (CORS_ORIGINS): a storefront on another origin of the shop's site (the spec's
// React client on its own host, say https://store.example.com beside https://shop.example.com) calls
// /api/v1 with the shopper's cookies. Its calls, preflights included, get CORS answers naming it,
// and its writes pass the Origin check (origin-check.server.ts); every other origin is answered as
// before: no CORS headers, and a 403 for a write. Browsers send the shop's cookies (SameSite=Lax)
// only to the same site; a client on another site signs in with a bearer token instead.

const API_PATH = /^\/api\/v1(?:[/?]|$)/;

/** Whether a request target (path and query, as the request line has it) is an /api/v1 call. */
export const isApiPath = (url: string | undefined) => API_PATH.test(url ?? "/");

// Headers a client script may read besides the safelisted ones: when to come back, where a new thing is.
const EXPOSED_HEADERS = ["Retry-After", "Location"];

export type TrustedOrigins = {
  /** Whether the API accepts cookie-authenticated calls from `origin`. */
  trusts(origin: string | undefined): boolean;
  /**
   * Sets the CORS headers of an /api/v1 call (Vary: Origin on all of them, so that no shared cache
   * hands one origin's answer to another) before anything answers it; answers a preflight itself.
   * True when it answered.
   */
  apply(req: IncomingMessage, res: ServerResponse): boolean;
};

/** The CORS handling for `origins`; null when there are none (the shop then sends no CORS header). */
export function trustedOrigins(origins: readonly string[]): TrustedOrigins | null {
  if (origins.length === 0) return null;
  const trusted = new Set(origins);
  const trusts = (origin: string | undefined) => origin !== undefined && trusted.has(origin);
  const handle = cors({
    origin: (origin, answer) => answer(null, trusts(origin)),
    credentials: true,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
    optionsSuccessStatus: 204,
  });
  return {
    trusts,
    apply(req, res) {
      if (!isApiPath(req.url)) return false;
      // Every API answer says it depends on the origin, those without CORS headers too (cors adds
      // Vary only to the answers it gives the trusted origins).
      res.setHeader("Vary", "Origin");
      let passedOn = false;
      // With an origin function that answers at once, cors settles before it returns.
      handle(req as never, res as never, () => (passedOn = true));
      return !passedOn;
    },
  };
}
