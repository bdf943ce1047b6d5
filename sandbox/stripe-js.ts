import fs from "node:fs";

/** The sandbox's stand-in for Stripe.js v3 (served at /v3/), read once from stripe-js-stand-in.js. */
export const stripeJsStandIn = fs.readFileSync(new URL("./stripe-js-stand-in.js", import.meta.url), "utf8");
