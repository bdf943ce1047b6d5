import type { ActionFunctionArgs } from "@remix-run/node";
import { apiHandler, methodNotAllowed } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { emailProofSentMessage, requestEmailProof } from "~/models/accounts";
import { describeRoute, done } from "~/web/openapi/operations";

// POST /api/v1/me/email/proof: mails the caller's unconfirmed address another link to confirm it.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    await requestEmailProof(user, context.clientIp);
    return Response.json({ success: true, message: emailProofSentMessage(user.email) });
  });
}

export const openapi = describeRoute({
  path: "/me/email/proof",
  method: "post",
  summary: "Mail the caller's unconfirmed e-mail address another link to confirm it (valid 24 hours)",
  tag: "Accounts",
  access: "user",
  ok: done("Mailed"),
  errors: [400, 429],
});
