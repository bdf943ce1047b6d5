import { SignJWT, jwtVerify } from "jose";
import { sessionSecret } from "~/config.server";

// Bearer tokens for API clients (returned by PUT /api/v1/password/change, as the original API
// did). They carry the user's session version, so "log out other devices" ends them too.
const TOKEN_TTL = "30d";
const secretKey = () => new TextEncoder().encode(`api-token:${sessionSecret()}`);

export async function issueApiToken(userId: string, sessionVersion: number): Promise<string> {
  return new SignJWT({ sv: sessionVersion })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(TOKEN_TTL)
    .sign(secretKey());
}

export async function readApiToken(token: string): Promise<{ userId: string; sessionVersion: number } | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(), { algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.sv !== "number") return null;
    return { userId: payload.sub, sessionVersion: payload.sv };
  } catch {
    return null;
  }
}
