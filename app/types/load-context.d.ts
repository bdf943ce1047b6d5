import "@remix-run/node";

declare module "@remix-run/node" {
  // Filled in by server.ts for every request.
  interface AppLoadContext {
    clientIp: string;
    /**
     * This response's Content-Security-Policy nonce, for its inline scripts (app/web/csp.server.ts).
     * Unit tests that call a loader directly leave it out.
     */
    cspNonce?: string;
  }
}
