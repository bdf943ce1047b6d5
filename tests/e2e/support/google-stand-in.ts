import fs from "node:fs";
import http from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

/**
 * A local OpenID Connect provider standing in for Google: its dev login page accepts any e-mail
 * (the account's e-mail is what is typed as the login), then asks for consent. The signing key is
 * saved so that API tests can mint ID tokens the shop must verify against the published JWKS.
 */
export async function startGoogleStandIn(opts: {
  port: number;
  shopUrl: string;
  clientId: string;
  clientSecret: string;
  keyFile: string;
}): Promise<() => Promise<void>> {
  const issuer = `http://127.0.0.1:${opts.port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: "e2e-key", alg: "RS256", use: "sig" };
  fs.writeFileSync(opts.keyFile, JSON.stringify({ jwk, issuer }));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [`${opts.shopUrl}/auth/google/callback`],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ["e2e-cookie-key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: `google-${id}`,
        email: id,
        email_verified: true,
        name: `Google ${id.split("@")[0]}`,
      }),
    }),
    features: { devInteractions: { enabled: true } },
  });
  const handle = provider.callback();
  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(opts.port, "127.0.0.1", resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
