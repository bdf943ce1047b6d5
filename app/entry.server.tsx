import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { FragmentStoreProvider } from "~/components/CachedFragment";
import { NonceProvider } from "~/components/nonce";
import { logRequestError, logServerError } from "~/models/platform";
import { fragmentStore } from "~/web/fragment-store.server";

const ABORT_DELAY_MS = 5_000;

// Under `npm run dev` the components change under the kept HTML.
const store = process.env.NODE_ENV === "production" ? fragmentStore : null;

/**
 * The document, rendered whole before it is sent: no page streams (no deferred data), so waiting
 * for all of it costs no time, and one buffer is written (and compressed) at once rather than many
 * small chunks each flushed through the compression stream.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Every inline script of the page (Remix's, React's streaming ones) carries it: server.ts's CSP.
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timer: NodeJS.Timeout | undefined;
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    body.on("finish", () => {
      clearTimeout(timer);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <FragmentStoreProvider value={store}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
        </FragmentStoreProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logServerError(error);
        },
      },
    );
    timer = setTimeout(abort, ABORT_DELAY_MS);
  });
}

// Unknown URLs and aborted requests are not server errors; everything else is logged once (a database
// gone away once per outage, not per request: logServerError).
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logRequestError(error, context);
};
