import type { LoaderFunctionArgs } from "@remix-run/node";
import { LOGGED_OUT, endCurrentSession } from "~/web/auth.server";
import { apiError } from "~/web/api.server";
import { describeRoute, done } from "~/web/openapi/operations";

const CROSS_SITE_LOGOUT =
  "This logout was started by another site, so the shop did not act on it: you are still signed in. To log out, use Logout in the shop.";

// GET /api/v1/logout, as the original API: ends the session of the cookie (and of a bearer token).
// A GET that changes something can be started by any site (a link, an image): one started by
// another site is refused, and the session kept.
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.crossSite) return apiError(403, CROSS_SITE_LOGOUT, { "Cache-Control": "no-store" });
  return Response.json(
    { success: true, message: LOGGED_OUT },
    { headers: { "Set-Cookie": await endCurrentSession(request) } },
  );
}

// Fuzzed without credentials only: an admin's pass would end its own session.
export const openapi = describeRoute(
  {
    path: "/logout",
    method: "get",
    summary:
      "Sign out (ends the cookie's session and its bearer token); refused (403) when another site started the request",
    tag: "Accounts",
    access: "public",
    ok: done("Signed out"),
    errors: [403],
  },
  { admin: false },
);
