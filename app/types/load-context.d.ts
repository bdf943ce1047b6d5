import "@remix-run/node";

declare module "@remix-run/node" {
  // Filled in by server.ts for every request.
  interface AppLoadContext {
    clientIp: string;
    /**
     * This response's Content-Security-Policy nonce, for its inline scripts (server/csp.server.ts).
     * Unit tests that call a loader directly leave it out.
     */
    cspNonce?: string;
    /**
     * Whether another site started this request (server/origin-check.server.ts): what a GET that
     * changes something (GET /api/v1/logout) refuses. Unit tests that call a loader directly leave it out.
     */
    crossSite?: boolean;
  }
}
