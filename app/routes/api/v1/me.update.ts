import type { ActionFunctionArgs } from "@remix-run/node";
import { profileSchema } from "~/lib/account-schemas";
import { apiHandler, methodNotAllowed, parseApiInput, readApiBody } from "~/web/api.server";
import { AVATAR_FILES, singleImage } from "~/web/multipart.server";
import { updateProfileWithAvatar, userJson } from "~/models/accounts";
import { requireApiSignIn } from "~/web/auth.server";
import { describeRoute, one } from "~/web/openapi/operations";
import { userPayload } from "~/lib/api-payloads";

// PUT /api/v1/me/update: multipart (or JSON) name, email, avatar. A new e-mail is unproven
// (`user.emailProven` false) until the link mailed to it is followed; the caller's other sessions end.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(request);
  return apiHandler(async () => {
    const { user, session } = await requireApiSignIn(request);
    const body = await readApiBody(request, { files: AVATAR_FILES });
    const input = parseApiInput(profileSchema, body);
    const updated = await updateProfileWithAvatar(
      user,
      { ...input, avatar: singleImage(body.avatar, "avatar") },
      session.id,
    );
    return Response.json({ success: true, user: userJson(updated) });
  });
}

export const openapi = describeRoute({
  path: "/me/update",
  method: "put",
  summary: "Change the caller's name, e-mail and avatar",
  tag: "Accounts",
  access: "user",
  body: { schema: profileSchema, files: { avatar: "one" } },
  ok: one("user", userPayload, "The updated user"),
  errors: [409],
});
