import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/web/errors.server";

/**
 * The other path shapes the specification shows, answered as permanent redirects to the pages:
 * the original shop's /login, the /products/{id} links of its cart and order views, and the
 * checkout progress bar's /shippping (sic) and /order/confirm. app/routes.ts mounts this one
 * module on each of those paths. The query is kept (e.g. /login?redirectTo=…).
 */
const TARGETS: Record<string, string> = {
  "/login": "/lgn",
  "/shippping": "/shipping",
  "/order/confirm": "/confirm",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const to =
    params.id !== undefined ? `/product/${encodeURIComponent(params.id)}` : TARGETS[url.pathname.replace(/\/$/, "")];
  if (!to) throw notFound();
  return redirect(`${to}${url.search}`, 301);
}
