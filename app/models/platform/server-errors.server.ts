import { databaseGone } from "~/db/dialect";

/**
 * Logs an error of the server's own with its stack (`what` says what failed), unless it says the
 * database went away (a restart, a failover, a network cut): that the connection says once when it
 * is lost and once when the database answers again (db/pg-connection.server.ts), not once per request
 * or job that needed it. The request is answered 503 (server/edge-errors.server.ts).
 */
export function logServerError(error: unknown, what?: string): void {
  if (databaseGone(error)) return;
  if (what === undefined) console.error(error);
  else console.error(what, error);
}

// The requests (by their load context) whose loader, action or render failed because the database
// went away: the edge answers them 503 rather than 500, even when the database is back by the time
// the answer leaves (server/remix-handler.server.ts). Decided by the request's own error, so that
// another request's bug is not called an outage.
const lostTheDatabase = new WeakSet<object>();

/** Logs a request's error as logServerError does, and notes on its load context if the database went away. */
export function logRequestError(error: unknown, context: object): void {
  if (databaseGone(error)) lostTheDatabase.add(context);
  else logServerError(error);
}

/** Whether the request with this load context failed because the database went away. */
export const requestLostTheDatabase = (context: object): boolean => lostTheDatabase.has(context);
