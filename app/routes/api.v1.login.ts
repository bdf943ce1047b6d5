import type { ActionFunctionArgs } from "@remix-run/node";
import { loginSchema } from "~/lib/account-schemas";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/lib/api.server";
import { signedInJson } from "~/models/api-auth.server";
import { loginWithPassword } from "~/models/auth.server";
import { verifyGoogleCredential } from "~/models/google-id-token.server";
import { limitAttempt } from "~/models/rate-limit.server";
import { findOrCreateGoogleUser } from "~/models/users.server";

// POST /api/v1/login: { email, password } or { credential } (a Google ID token).
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const body = await readApiBody(request);
    if (typeof body.credential === "string") {
      await limitAttempt("login", context.clientIp);
      const user = await findOrCreateGoogleUser(await verifyGoogleCredential(body.credential));
      return signedInJson(request, user);
    }
    const { email, password } = parseApiInput(loginSchema, body);
    await limitAttempt("login", context.clientIp, email.toLowerCase());
    return signedInJson(request, await loginWithPassword(email, password));
  });
}
