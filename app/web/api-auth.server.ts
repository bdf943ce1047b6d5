import { signedInHeaders, startUserSession } from "~/web/auth.server";
import { userJson, type User } from "~/models/accounts";

/** The answer to a successful API sign-in: user, bearer token, and the session cookie (one session). */
export async function signedInJson(request: Request, ip: string, user: User, status = 200): Promise<Response> {
  const started = await startUserSession(request, user, ip);
  return Response.json(
    { success: true, token: await started.token(), user: userJson(user) },
    { status, headers: signedInHeaders(started) },
  );
}
