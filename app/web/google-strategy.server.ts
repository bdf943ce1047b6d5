import { GoogleStrategy, type GoogleProfile, type GoogleExtraParams } from "remix-auth-google";
import type { StrategyVerifyCallback } from "remix-auth";
import type { OAuth2StrategyVerifyParams } from "remix-auth-oauth2";
import type { Config } from "~/config.server";

type GoogleConfig = NonNullable<Config["google"]>;

/**
 * remix-auth-google with its endpoints taken from configuration (they default to Google's), so
 * that tests can drive the whole redirect flow against a local OpenID Connect provider.
 */
export class ConfigurableGoogleStrategy<User> extends GoogleStrategy<User> {
  constructor(
    google: GoogleConfig,
    verify: StrategyVerifyCallback<User, OAuth2StrategyVerifyParams<GoogleProfile, GoogleExtraParams>>,
  ) {
    super(
      {
        clientID: google.clientId,
        clientSecret: google.clientSecret,
        callbackURL: google.callbackUrl,
        scope: "openid email profile",
      },
      verify,
    );
    this.authorizationURL = google.authorizationUrl;
    this.tokenURL = google.tokenUrl;
    (this as unknown as { userInfoURL: string }).userInfoURL = google.userInfoUrl;
  }
}
