import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { config } from "~/config.server";
import { PublicError } from "~/lib/public-error";

const WINDOW_SECONDS = 15 * 60;

export class RateLimitError extends PublicError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, 429, undefined, {
      "Retry-After": String(retryAfterSeconds),
    });
  }
}

type Kind = "login" | "password-reset";

const limiter = (prefix: string, points: number) =>
  new RateLimiterMemory({ keyPrefix: prefix, points, duration: WINDOW_SECONDS });

const perIp: Record<Kind, RateLimiterMemory> = {
  login: limiter("login-ip", config.rateLimits.perIp),
  "password-reset": limiter("reset-ip", config.rateLimits.perIp),
};
// Login counts failed attempts per e-mail; password reset counts every request per e-mail.
const perEmail: Record<Kind, RateLimiterMemory> = {
  login: limiter("login-email", config.rateLimits.perEmail),
  "password-reset": limiter("reset-email", config.rateLimits.perEmail),
};

async function consume(l: RateLimiterMemory, key: string) {
  try {
    await l.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw new RateLimitError(Math.ceil(rejection.msBeforeNext / 1000));
    throw rejection;
  }
}

/** Counts one attempt from this IP (and, for resets, for this e-mail); throws RateLimitError past the limit. */
export async function limitAttempt(kind: Kind, ip: string, email?: string) {
  await consume(perIp[kind], ip);
  if (!email) return;
  if (kind === "password-reset") return consume(perEmail[kind], email);
  const used = await perEmail.login.get(email);
  if (used && used.consumedPoints >= config.rateLimits.perEmail)
    throw new RateLimitError(Math.ceil(used.msBeforeNext / 1000));
}

export async function recordFailedLogin(email: string) {
  await perEmail.login.penalty(email, 1);
}

export async function clearFailedLogins(email: string) {
  await perEmail.login.delete(email);
}
