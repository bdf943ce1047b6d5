import type { LoaderFunctionArgs } from "@remix-run/node";
import { destroyUserSession } from "~/web/auth.server";

// GET /api/v1/logout, as the original API: ends the cookie session.
export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json(
    { success: true, message: "Logged out successfully." },
    { headers: { "Set-Cookie": await destroyUserSession(request) } },
  );
}
