import type { ActionFunctionArgs } from "@remix-run/node";
import { resetPasswordSchema } from "~/lib/account-schemas";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { resetPassword, PASSWORD_UPDATED } from "~/models/accounts";
import { describeRoute, done } from "~/web/openapi/operations";

// PUT /api/v1/password/reset/:token { password, confirmPassword, logoutOtherDevices }
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(request);
  return apiHandler(async () => {
    const input = parseApiInput(resetPasswordSchema, await readApiBody(request));
    await resetPassword(params.token ?? "", input);
    return Response.json({ success: true, message: PASSWORD_UPDATED });
  });
}

export const openapi = describeRoute({
  path: "/password/reset/{token}",
  method: "put",
  summary: "Set a new password with a reset link's token",
  tag: "Accounts",
  access: "public",
  body: { schema: resetPasswordSchema },
  ok: done("Changed"),
});
