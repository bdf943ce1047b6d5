import type { ActionFunctionArgs } from "@remix-run/node";
import { forgotPasswordSchema } from "~/lib/account-schemas";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { requestPasswordReset, resetRequestedMessage } from "~/models/accounts";
import { describeRoute, done } from "~/web/openapi/operations";

// POST /api/v1/password/reset { email }: the same answer whether or not the account exists.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const { email } = parseApiInput(forgotPasswordSchema, await readApiBody(request));
    await requestPasswordReset({ email, ip: context.clientIp });
    return Response.json({ success: true, message: resetRequestedMessage(email) });
  });
}

export const openapi = describeRoute({
  path: "/password/reset",
  method: "post",
  summary: "Mail a password-reset link",
  tag: "Accounts",
  access: "public",
  body: { schema: forgotPasswordSchema },
  ok: done("The same answer whether or not the account exists"),
  errors: [429],
});
