import { SignJWT, jwtVerify } from "jose";
import { sessionSecret } from "~/config.server";

// Bearer tokens for API clients (returned by sign-in and PUT /api/v1/password/change, as the
// original API did). A token carries the secret of a server-side session, like the cookie does:
// whatever ends that session ends the token too.
const secretKey = () => new TextEncoder().encode(`api-token:${sessionSecret()}`);

export type ApiTokenClaims = { userId: string; sessionKey: string };

export async function issueApiToken({ userId, sessionKey }: ApiTokenClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: sessionKey })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(secretKey());
}

export async function readApiToken(token: string): Promise<ApiTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(), { algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return { userId: payload.sub, sessionKey: payload.sid };
  } catch {
    return null;
  }
}
