import type { ActionFunctionArgs } from "@remix-run/node";
import { resetPasswordSchema } from "~/lib/account-schemas";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { resetPassword, PASSWORD_UPDATED } from "~/models/accounts";

// PUT /api/v1/password/reset/:token { password, confirmPassword, logoutOtherDevices }
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(request);
  return apiHandler(async () => {
    const input = parseApiInput(resetPasswordSchema, await readApiBody(request));
    await resetPassword(params.token ?? "", input);
    return Response.json({ success: true, message: PASSWORD_UPDATED });
  });
}
