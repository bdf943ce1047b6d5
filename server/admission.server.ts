import type { ServerResponse } from "node:http";

// A process answers requests on one thread. When more arrive than it can work on, every request it
// has started competes with all the others at each of its steps (a query, a render, a commit), so
// some wait many times longer than the rest: at 200 connections, a p99 five times the median. The
// gate lets at most `limit` requests be worked on at once and keeps the others waiting in the order
// they came, so that each is answered about as soon as the ones before it: the wait is the same,
// the tail is gone. A request that takes longer than `holdMs` (a slow upload, a call to Stripe or
// Google) stops counting then, so that clients who are slow, or a provider that is, cannot hold the
// gate shut.

export type AdmissionGate = {
  /** Runs `handle` now, or once fewer than `limit` requests are being worked on. */
  admit(res: ServerResponse, handle: () => void): void;
  /** Requests being worked on, and waiting (for tests). */
  readonly counts: { working: number; waiting: number };
};

export function admissionGate({ limit, holdMs = 100 }: { limit: number; holdMs?: number }): AdmissionGate {
  let working = 0;
  const waiting: (() => void)[] = [];

  const startNext = () => {
    while (working < limit && waiting.length) waiting.shift()!();
  };

  function start(res: ServerResponse, handle: () => void) {
    working++;
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      clearTimeout(timer);
      working--;
      startNext();
    };
    const timer = setTimeout(release, holdMs);
    res.once("finish", release);
    res.once("close", release);
    handle();
  }

  return {
    admit(res, handle) {
      if (limit <= 0 || (working < limit && waiting.length === 0)) return start(res, handle);
      let gone = false;
      const leave = () => (gone = true);
      res.once("close", leave);
      waiting.push(() => {
        res.off("close", leave);
        // The client went away while it waited: nothing to work on.
        if (gone || res.destroyed) return;
        start(res, handle);
      });
    },
    get counts() {
      return { working, waiting: waiting.length };
    },
  };
}
