import type { ActionFunctionArgs } from "@remix-run/node";
import { loginSchema } from "~/lib/account-schemas";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { signedInJson } from "~/web/api-auth.server";
import { loginWithGoogleCredential, loginWithPassword } from "~/models/accounts";
import { deviceOf } from "~/web/device-cookie.server";
import { describeRoute, googleCredential, signedIn } from "~/web/openapi/operations";
import { z } from "zod";

// POST /api/v1/login: { email, password } or { credential } (a Google ID token).
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const body = await readApiBody(request);
    if (typeof body.credential === "string")
      return signedInJson(
        request,
        context.clientIp,
        await loginWithGoogleCredential({ credential: body.credential, ip: context.clientIp }),
      );
    const { email, password } = parseApiInput(loginSchema, body);
    return signedInJson(
      request,
      context.clientIp,
      await loginWithPassword({ email, password, ip: context.clientIp, device: await deviceOf(request) }),
    );
  });
}

export const openapi = describeRoute({
  path: "/login",
  method: "post",
  summary: "Sign in with e-mail and password, or a Google credential",
  tag: "Accounts",
  access: "public",
  body: { schema: z.union([loginSchema, googleCredential]) },
  ok: { status: 200, description: "Signed in: the session cookie is set", schema: signedIn },
  errors: [401, 429],
});
