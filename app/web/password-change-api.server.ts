import type { ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import type { passwordChangeSchema } from "~/lib/account-schemas";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { requireApiSignIn, startUserSession } from "~/web/auth.server";
import { PASSWORD_UPDATED, changePassword } from "~/models/accounts";

type PasswordChangeInput = z.output<typeof passwordChangeSchema>;

/**
 * The API's password change, its body read by `schema` (ours at /password/change, the
 * specification's client's at /password/update). Answers a fresh bearer token (the original API's
 * `token`) and cookie: the caller's session is renewed, its old token and cookie end.
 */
export function passwordChangeAction(schema: z.ZodType<PasswordChangeInput, z.ZodTypeDef, unknown>) {
  return async ({ request, context }: ActionFunctionArgs) => {
    if (request.method !== "PUT") return methodNotAllowed(request);
    return apiHandler(async () => {
      const { user, session } = await requireApiSignIn(request);
      const input = parseApiInput(schema, await readApiBody(request));
      await changePassword(user, input, session.id);
      const renewed = await startUserSession(request, user, context.clientIp);
      return Response.json(
        { success: true, token: await renewed.token(), message: PASSWORD_UPDATED },
        { headers: { "Set-Cookie": renewed.cookie } },
      );
    });
  };
}
