import type { LoaderFunctionArgs } from "@remix-run/node";
import { LOGGED_OUT, endCurrentSession } from "~/web/auth.server";

// GET /api/v1/logout, as the original API: ends the session of the cookie (and of a bearer token).
export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json({ success: true, message: LOGGED_OUT }, { headers: { "Set-Cookie": await endCurrentSession(request) } });
}
