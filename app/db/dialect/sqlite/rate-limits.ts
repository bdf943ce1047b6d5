import { lt } from "drizzle-orm";
import { RateLimiterSQLite, type RateLimiterAbstract } from "rate-limiter-flexible";
import { countersDb, type AnyConnection, type Connection } from "../../client.server";
import { rateLimits } from "../../schema";
import { rowsAffected } from "./raw";

/**
 * Where the login and reset limits count (app/models/platform/rate-limit.server.ts): the rate_limits table,
 * through `on`, by default the counters' connection (shared by every process, its commits without
 * an fsync). `counter` is one limit (rate-limiter-flexible: one atomic UPSERT per change);
 * `sweepExpired` deletes the counts whose window ended before `nowMs` and says how many.
 */
export function rateLimiterStore(on: AnyConnection = countersDb) {
  const connection = on as Connection;
  return {
    counter: (keyPrefix: string, points: number, durationSeconds: number): RateLimiterAbstract =>
      new RateLimiterSQLite({
        storeClient: connection.$client,
        storeType: "better-sqlite3",
        tableName: "rate_limits",
        // Made by the migrations; expired counts are swept by the primary (sweepExpired).
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix,
        points,
        duration: durationSeconds,
      }),
    sweepExpired: async (nowMs: number): Promise<number> =>
      rowsAffected(await connection.delete(rateLimits).where(lt(rateLimits.expire, nowMs))),
  };
}

export type RateLimiterStore = ReturnType<typeof rateLimiterStore>;
