import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, methodNotAllowed } from "~/web/api.server";
import { EMAIL_CONFIRMED, confirmEmail } from "~/models/email-proof.server";

// POST /api/v1/me/email/confirm/:token: follows the link mailed to an account's address (the page
// /me/email/confirm/:token does the same). The token is the proof: no credentials needed.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const { email } = await confirmEmail(params.token ?? "");
    return Response.json({ success: true, email, message: EMAIL_CONFIRMED });
  });
}
