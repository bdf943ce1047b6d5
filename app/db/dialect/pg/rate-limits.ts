import { lt } from "drizzle-orm";
import { RateLimiterPostgres, type RateLimiterAbstract } from "rate-limiter-flexible";
import { countersDb, type AnyConnection, type Queryable } from "../../client.server";
import type { PgConnection } from "../../pg-connection.server";
import { rateLimits } from "../../schema";
import { rowsAffected } from "./raw";

/**
 * Where the login and reset limits count (app/models/platform/rate-limit.server.ts) on PostgreSQL: the
 * rate_limits table (its columns are RateLimiterPostgres's), through `on`, by default the shop's
 * pool, so every process and node counts together. See the SQLite half for the shape.
 */
export function rateLimiterStore(on: AnyConnection = countersDb) {
  const connection = on as PgConnection;
  // Typed as SQLite's, as models see it (app/db/client.server.ts).
  const counters = connection as unknown as Queryable;
  return {
    counter: (keyPrefix: string, points: number, durationSeconds: number): RateLimiterAbstract =>
      new RateLimiterPostgres({
        storeClient: connection.$client,
        storeType: "pool",
        tableName: "rate_limits",
        // Made by the migrations; expired counts are swept by the primary (sweepExpired).
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix,
        points,
        duration: durationSeconds,
      }),
    sweepExpired: async (nowMs: number): Promise<number> =>
      rowsAffected(await counters.delete(rateLimits).where(lt(rateLimits.expire, nowMs))),
  };
}
