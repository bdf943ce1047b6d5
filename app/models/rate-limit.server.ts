import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { config } from "~/config.server";
import { PublicError } from "~/lib/public-error";

// Every limit on sign-in and password-reset attempts lives here, in this process's memory. To share
// them between worker processes, swap RateLimiterMemory for a shared store (rate-limiter-flexible
// has SQLite and Redis ones); nothing outside this module needs to change.
//
// Logins follow OWASP's authentication guidance: a guesser is refused (429) per address, never per
// account, so nobody can lock an owner out by failing on purpose. An account many addresses fail
// on is only slowed down: each attempt on it waits a little longer, up to a cap, right password or
// not, so that guessing across rotating addresses stays slow while its owner still gets in.

const WINDOW_SECONDS = 15 * 60;
// The wait once an account has RATE_LIMIT_PER_EMAIL recent failures; it doubles with each further one.
const FIRST_DELAY_MS = 500;

export class RateLimitError extends PublicError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, 429, undefined, {
      "Retry-After": String(retryAfterSeconds),
    });
  }
}

const counter = (keyPrefix: string, points = Number.MAX_SAFE_INTEGER) =>
  new RateLimiterMemory({ keyPrefix, points, duration: WINDOW_SECONDS });

// Login attempts are counted when they start and given back when they succeed: what remains are
// the failures (and the attempts still running, so that a burst sent at once counts in full).
const loginsByIp = counter("login-ip", config.rateLimits.perIp);
const loginsByAccountAndIp = counter("login-account-ip", config.rateLimits.perEmail);
const loginsByAccount = counter("login-account");
// Reset requests count whether they succeed or not.
const resetsByIp = counter("reset-ip", config.rateLimits.perIp);
const resetsByEmail = counter("reset-email", config.rateLimits.perEmail);

/** Counts one against `key`; past the limit, refuses (uncounted) with a RateLimitError. */
async function take(limiter: RateLimiterMemory, key: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    await limiter.reward(key, 1);
    throw new RateLimitError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
  }
}

/** How long an attempt on an account waits, given the failures (from anywhere) before it. */
export function loginDelayMs(failuresBefore: number, limits = { perEmail: config.rateLimits.perEmail, maxDelayMs: config.loginDelayMaxMs }) {
  const over = failuresBefore - limits.perEmail;
  if (over < 0) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(over, 30), limits.maxDelayMs);
}

export type LoginAttempt = {
  /** How long to wait before checking the password. */
  delayMs: number;
  /** Gives the attempt back: a success is not a failure. */
  succeeded(): Promise<void>;
};

/**
 * Starts a login attempt from `ip`, for the account `email` (none for a Google credential). Refuses
 * with a RateLimitError when this address has failed too often, overall or on this account.
 */
export async function startLoginAttempt(ip: string, email?: string): Promise<LoginAttempt> {
  await take(loginsByIp, ip);
  if (email === undefined) return { delayMs: 0, succeeded: () => loginsByIp.reward(ip, 1).then(() => undefined) };
  const pair = `${email} ${ip}`;
  try {
    await take(loginsByAccountAndIp, pair);
  } catch (error) {
    await loginsByIp.reward(ip, 1);
    throw error;
  }
  const { consumedPoints } = await loginsByAccount.consume(email);
  return {
    delayMs: loginDelayMs(consumedPoints - 1),
    async succeeded() {
      // The owner's success clears this address's failures on the account, but not the account's
      // count from elsewhere: a guesser elsewhere stays slowed down.
      await Promise.all([loginsByIp.reward(ip, 1), loginsByAccountAndIp.delete(pair), loginsByAccount.reward(email, 1)]);
    },
  };
}

/** Counts a password-reset request against the client's IP and the e-mail; refuses past either limit. */
export async function limitResetRequest(ip: string, email: string): Promise<void> {
  await take(resetsByIp, ip);
  await take(resetsByEmail, email);
}
