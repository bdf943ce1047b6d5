import { logServerError } from "./server-errors.server";

// Work that depends on whether an e-mail has an account (password reset, registration) runs after
// the request is answered, so that the answer takes as long either way.

// This long after the answer. Not sooner (e.g. setImmediate): the HTTP answer is still being written
// out for a few turns of the event loop, and the lookup, the token and the SMTP exchange would slow
// just the answers for real accounts.
const AFTER_ANSWER_MS = 50;

/**
 * Runs `work` once the current request has been answered; nobody waits for it, and a failure is only
 * logged (`what` names the mail in the log). Settles when done, for tests.
 */
export function afterTheAnswer(what: string, work: () => Promise<void>): Promise<void> {
  return (
    new Promise<void>((resolve) => setTimeout(resolve, AFTER_ANSWER_MS))
      .then(work)
      // The self-hoster sees the failure in the log.
      .catch((error) => logServerError(error, `Could not send ${what}:`))
  );
}
