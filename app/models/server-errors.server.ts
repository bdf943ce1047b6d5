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
