import { issueApiToken } from "~/web/api-token.server";
import { commitUserSession } from "~/web/auth.server";
import { userJson, type User } from "~/models/users.server";

/** The answer to a successful API sign-in: user, bearer token, and the session cookie. */
export async function signedInJson(request: Request, user: User, status = 200): Promise<Response> {
  return Response.json(
    { success: true, token: await issueApiToken(user.id, user.sessionVersion), user: userJson(user) },
    { status, headers: { "Set-Cookie": await commitUserSession(request, user) } },
  );
}
