import "@remix-run/node";

declare module "@remix-run/node" {
  // Filled in by server.ts for every request.
  interface AppLoadContext {
    clientIp: string;
  }
}
