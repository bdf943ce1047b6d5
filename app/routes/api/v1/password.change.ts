import type { ActionFunctionArgs } from "@remix-run/node";
import { passwordChangeSchema } from "~/lib/account-schemas";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { issueApiToken } from "~/web/api-token.server";
import { commitUserSession, requireApiUser } from "~/web/auth.server";
import { PASSWORD_UPDATED, changePassword } from "~/models/users.server";

// PUT /api/v1/password/change: answers a fresh bearer token (the original API's `token`).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(request);
  return apiHandler(async () => {
    const user = await requireApiUser(request);
    const input = parseApiInput(passwordChangeSchema, await readApiBody(request));
    const sessionVersion = await changePassword(user, input);
    return Response.json(
      { success: true, token: await issueApiToken(user.id, sessionVersion), message: PASSWORD_UPDATED },
      { headers: { "Set-Cookie": await commitUserSession(request, { id: user.id, sessionVersion }) } },
    );
  });
}
