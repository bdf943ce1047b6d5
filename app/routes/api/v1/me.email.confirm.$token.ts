import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, methodNotAllowed } from "~/web/api.server";
import { EMAIL_CONFIRMED, confirmEmail } from "~/models/accounts";
import { requireApiUser } from "~/web/auth.server";
import { describeRoute, ok } from "~/web/openapi/operations";
import { z } from "zod";

// POST /api/v1/me/email/confirm/:token: follows the link mailed to the caller's address (the page
// /me/email/confirm/:token does the same), signed in to the account it was mailed for.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const { email } = await confirmEmail(params.token ?? "", user.id);
    return Response.json({ success: true, email, message: EMAIL_CONFIRMED });
  });
}

export const openapi = describeRoute({
  path: "/me/email/confirm/{token}",
  method: "post",
  summary:
    "Confirm the caller's e-mail address with the token of the link mailed to it: only while the account still has that address; its guest orders join the account",
  tag: "Accounts",
  access: "user",
  ok: { status: 200, description: "Confirmed", schema: ok({ email: z.string(), message: z.string() }) },
  errors: [400, 403],
});
