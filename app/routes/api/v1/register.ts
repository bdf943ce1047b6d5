import type { ActionFunctionArgs } from "@remix-run/node";
import { registerSchema } from "~/lib/account-schemas";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { AVATAR_FILES, singleImage } from "~/web/multipart.server";
import { registerAccount, verifyGoogleCredential, findOrCreateGoogleUser } from "~/models/accounts";
import { signedInJson } from "~/web/api-auth.server";
import { describeRoute, googleCredential, signedIn } from "~/web/openapi/operations";
import { z } from "zod";

// POST /api/v1/register: { name, email, password, avatar? } or { credential } (Google). Rate-limited
// per client IP (429 with Retry-After): its 409 tells whether an address has an account.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request);
  return apiHandler(async () => {
    const body = await readApiBody(request, { files: AVATAR_FILES });
    if (typeof body.credential === "string") {
      const user = await findOrCreateGoogleUser(await verifyGoogleCredential(body.credential));
      return signedInJson(request, context.clientIp, user, 201);
    }
    const input = parseApiInput(registerSchema, body);
    const user = await registerAccount({
      ...input,
      avatar: singleImage(body.avatar, "avatar"),
      ip: context.clientIp,
    });
    return signedInJson(request, context.clientIp, user, 201);
  });
}

export const openapi = describeRoute({
  path: "/register",
  method: "post",
  summary:
    "Create an account (or sign in with a Google credential). Its 409 tells whether an address has an account, so tries are rate-limited per client IP",
  tag: "Accounts",
  access: "public",
  body: { schema: z.union([registerSchema, googleCredential]), files: { avatar: "one" } },
  ok: { status: 201, description: "Registered and signed in", schema: signedIn },
  errors: [401, 409, 429],
});
