import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { config } from "~/config.server";
import { rateLimiterStore, type RateLimiterStore } from "~/db/dialect";
import { countOf } from "~/lib/plural";
import { PublicError } from "~/lib/public-error";

// Every limit on sign-in and password-reset attempts, and on the requests that mail an address or
// tell whether it has an account, lives here. The counts are rows of the
// rate_limits table, so every process that serves (WEB_CONCURRENCY) counts against the same ones;
// each change is one atomic UPSERT (rate-limiter-flexible, its store in app/db/dialect).
//
// Logins follow OWASP's authentication guidance: a guesser is refused (429) per address, never per
// account, so nobody can lock an owner out by failing on purpose. An account many addresses fail
// on is only slowed down: each attempt on it waits a little longer, up to a cap, right password or
// not, so that guessing across rotating addresses stays slow while its owner still gets in.
// A browser with a device cookie for the account (OWASP's device cookies) skips that wait: its
// failures count against its own cookie instead, and after DEVICE_FAILURES of them the cookie no
// longer helps (the attempt is treated as one without it), so a stolen cookie cannot guess freely.

const WINDOW_SECONDS = 15 * 60;
// The wait once an account has RATE_LIMIT_PER_EMAIL recent failures; it doubles with each further one.
const FIRST_DELAY_MS = 500;
// Failures with one device cookie after which it is no longer trusted (for the rest of the window).
export const DEVICE_FAILURES = 5;

export class RateLimitError extends PublicError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many attempts. Please try again in ${countOf(minutes, "minute")}.`, 429, undefined, {
      "Retry-After": String(retryAfterSeconds),
    });
  }
}

/** How long an attempt on an account waits, given the failures (from anywhere) before it. */
export function loginDelayMs(
  failuresBefore: number,
  limits = { perEmail: config.rateLimits.perEmail, maxDelayMs: config.loginDelayMaxMs },
) {
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

/** The limits, counted in `store` (the shop database's rate_limits table). */
export function sharedLimits(store: RateLimiterStore) {
  const counter = (keyPrefix: string, points = Number.MAX_SAFE_INTEGER) =>
    store.counter(keyPrefix, points, WINDOW_SECONDS);

  // Login attempts are counted when they start and given back when they succeed: what remains are
  // the failures (and the attempts still running, so that a burst sent at once counts in full).
  const loginsByIp = counter("login-ip", config.rateLimits.perIp);
  const loginsByAccountAndIp = counter("login-account-ip", config.rateLimits.perEmail);
  const loginsByAccount = counter("login-account");
  const loginsByDevice = counter("login-device", DEVICE_FAILURES);
  // Requests that mail an address (password resets, registrations) count whether they succeed or not.
  const mailRequests = (kind: string) => {
    const byIp = counter(`${kind}-ip`, config.rateLimits.perIp);
    const byEmail = counter(`${kind}-email`, config.rateLimits.perEmail);
    return async (ip: string, email: string) => {
      await take(byIp, ip);
      await take(byEmail, email);
    };
  };

  const apiRegistrationsByIp = counter("register-api-ip", config.rateLimits.apiRegistrationsPerIp);

  return {
    /**
     * Starts a login attempt from `ip`, for the account `email` (none for a Google credential),
     * from a browser whose device cookie for this account has the nonce `device`, if it has one.
     * Refuses with a RateLimitError when this address has failed too often, overall or on this account.
     */
    async startLoginAttempt(ip: string, email?: string, device?: string): Promise<LoginAttempt> {
      await take(loginsByIp, ip);
      if (email === undefined) return { delayMs: 0, succeeded: () => loginsByIp.reward(ip, 1).then(() => undefined) };
      const pair = `${email} ${ip}`;
      try {
        await take(loginsByAccountAndIp, pair);
      } catch (error) {
        await loginsByIp.reward(ip, 1);
        throw error;
      }
      const rewardAddress = () => Promise.all([loginsByIp.reward(ip, 1), loginsByAccountAndIp.delete(pair)]);
      if (device !== undefined && (await tryTake(loginsByDevice, device))) {
        return {
          delayMs: 0,
          async succeeded() {
            await Promise.all([rewardAddress(), loginsByDevice.delete(device)]);
          },
        };
      }
      const { consumedPoints } = await loginsByAccount.consume(email);
      return {
        delayMs: loginDelayMs(consumedPoints - 1),
        async succeeded() {
          // The owner's success clears this address's failures on the account, but not the account's
          // count from elsewhere: a guesser elsewhere stays slowed down.
          await Promise.all([rewardAddress(), loginsByAccount.reward(email, 1)]);
        },
      };
    },

    /** Counts a password-reset request against the client's IP and the e-mail; refuses past either limit. */
    limitResetRequest: mailRequests("reset"),
    /** Counts a registration from the page against the client's IP and the e-mail; refuses past either limit. */
    limitRegistrationRequest: mailRequests("register"),
    /** Counts a guest's order lookup against the client's IP and the e-mail tried; refuses past either limit. */
    limitOrderLookup: mailRequests("lookup"),
    /** Counts a request for another e-mail confirmation link against the client's IP and the e-mail; refuses past either limit. */
    limitEmailProofRequest: mailRequests("proof"),
    /** Counts a back-in-stock request against the client's IP and the mailbox (canonical address); refuses past either limit. */
    limitStockAlertRequest: mailRequests("stock-alert"),
    /** Counts a registration through the API (which tells whether the address has an account) against the client's IP. */
    async limitApiRegistration(ip: string): Promise<void> {
      await take(apiRegistrationsByIp, ip);
    },
  };
}

/** Counts one against `key` and says true; past the limit, counts nothing and says false. */
async function tryTake(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await take(limiter, key);
    return true;
  } catch (error) {
    if (error instanceof RateLimitError) return false;
    throw error;
  }
}

/** Counts one against `key`; past the limit, refuses (uncounted) with a RateLimitError. */
async function take(limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    await limiter.reward(key, 1);
    throw new RateLimitError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
  }
}

const store = rateLimiterStore();
export const {
  startLoginAttempt,
  limitResetRequest,
  limitRegistrationRequest,
  limitOrderLookup,
  limitEmailProofRequest,
  limitStockAlertRequest,
  limitApiRegistration,
} = sharedLimits(store);

/** Deletes the counts whose window is over (the primary process does it every few minutes); says how many. */
export function sweepRateLimits(now = Date.now()): Promise<number> {
  return store.sweepExpired(now);
}
