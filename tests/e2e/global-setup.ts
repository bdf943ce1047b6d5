import { startGoogleStandIn } from "./support/google-stand-in";
import { e2eEnv } from "./support/env";
import { startSmtpSink } from "./support/smtp-sink";

// Real peers for the shop under test: an SMTP server and a Google stand-in, both on loopback. A shop
// started outside (npm run test:scale) comes with its SMTP server, which writes to the same folder.
export default async function globalSetup() {
  const env = e2eEnv();
  const stopSmtp =
    process.env.E2E_EXTERNAL_SHOP === "1" ? async () => {} : await startSmtpSink(env.smtpPort, env.mailDir);
  const stopGoogle = await startGoogleStandIn({
    port: env.oidcPort,
    shopUrl: `http://127.0.0.1:${env.port}`,
    clientId: env.googleClientId,
    clientSecret: env.googleClientSecret,
    keyFile: env.googleKeyFile,
  });
  return async () => {
    await stopGoogle();
    await stopSmtp();
  };
}
