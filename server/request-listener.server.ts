import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { logServerError } from "~/models/platform";
import { requestStart, type AccessLog } from "./access-log.server";
import type { AdmissionGate } from "./admission.server";
import { limitBodyTime } from "./body-deadline.server";
import type { TrustedOrigins } from "./cors.server";
import type { PageCache } from "./page-cache.server";

export type RequestListenerOptions = {
  /** Answers anonymous catalogue reads it holds before anything else runs (none in development). */
  cache?: Pick<PageCache, "answer"> | null;
  log?: AccessLog | null;
  /** Limits how many of the other requests are worked on at once (admission.server.ts). */
  gate?: AdmissionGate | null;
  /** CORS for the API's trusted origins (CORS_ORIGINS): headers on every answer, cache hits included; preflights answered. */
  cors?: Pick<TrustedOrigins, "apply"> | null;
  /** How long a request's body may take to arrive once it is worked on (body-deadline.server.ts); 0 or none: no limit. */
  bodyTimeoutMs?: number;
};

const HEALTH_CHECK = "/healthz";

/**
 * The HTTP server's request listener: a page-cache hit is answered here in plain node http, with
 * its headers computed when it was stored, before Express and its per-request middleware; every
 * other request goes to the Express app, through the admission gate, except the health check: a
 * load balancer that waits behind a busy node's queue for its answer would take the node out just
 * when it is needed most. The access log sees both.
 */
export function requestListener(
  app: (req: IncomingMessage, res: ServerResponse) => void,
  { cache, log, gate, cors, bodyTimeoutMs = 0 }: RequestListenerOptions,
): RequestListener {
  return (req, res) => {
    const startedAt = log ? requestStart() : 0;
    if (cors?.apply(req, res)) return void log?.answered(req, res, startedAt, 0);
    if (cache) {
      let bytes: number | undefined;
      try {
        bytes = cache.answer(req, res);
      } catch (error) {
        // Before anything is written (e.g. the catalogue version could not be read), Express answers.
        logServerError(error, "page cache:");
        if (res.headersSent) return void res.destroy();
      }
      if (bytes !== undefined) return void log?.answered(req, res, startedAt, bytes);
    }
    log?.follow(req, res, startedAt);
    // The body's clock starts when the request is worked on, not while it waits its turn.
    const handle = () => {
      limitBodyTime(req, res, { timeoutMs: bodyTimeoutMs });
      app(req, res);
    };
    if (gate && req.url !== HEALTH_CHECK) gate.admit(res, handle);
    else handle();
  };
}
