import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { db, openDatabase, openPgDatabase } from "~/db/client.server";
import { closeConnection } from "~/db/connection.server";
import { rateLimiterStore } from "~/db/dialect";
import { closePgDatabase } from "~/db/pg-connection.server";
import { rateLimits } from "~/db/schema";
import { RateLimitError, sharedLimits, sweepRateLimits } from "./rate-limit.server";

// Two connections of their own to the test's database (two connections to its SQLite file, or two
// pools on its PostgreSQL server) stand in for two worker processes; default limits (unit tests run
// without RATE_LIMIT_*): 50 per address, 10 per account from one address.
function workerProcess() {
  if (config.databaseEngine === "pg") {
    const pool = openPgDatabase(config.databaseUrl, { max: 4 });
    return { limits: sharedLimits(rateLimiterStore(pool)), close: () => closePgDatabase(pool) };
  }
  const connection = openDatabase(config.databasePath, { durable: false });
  return { limits: sharedLimits(rateLimiterStore(connection)), close: () => closeConnection(connection) };
}
const workerProcesses = [workerProcess(), workerProcess()];
const [workerA, workerB] = workerProcesses.map((worker) => worker.limits);
const workers = [workerA, workerB];
afterAll(async () => {
  for (const worker of workerProcesses) await worker.close();
});

let n = 0;
const account = () => `limits-${++n}@example.com`;
const refused = (attempt: Promise<unknown>) =>
  attempt.then(
    () => false,
    (error) => {
      if (error instanceof RateLimitError) return true;
      throw error;
    },
  );

describe("limits shared by every process", () => {
  it("counts one address's failed logins on an account through any process: the 11th is refused by both", async () => {
    const email = account();
    const ip = "203.0.113.60";
    for (let i = 0; i < 10; i++) await workers[i % 2].startLoginAttempt(ip, email);
    expect(await refused(workerA.startLoginAttempt(ip, email))).toBe(true);
    expect(await refused(workerB.startLoginAttempt(ip, email))).toBe(true);
    // Another address is not refused; the account's failures (from anywhere) make it wait.
    expect((await workerB.startLoginAttempt("203.0.113.61", email)).delayMs).toBe(500);
  });

  it("a success in one process clears the address's failures on the account for all", async () => {
    const email = account();
    const ip = "203.0.113.62";
    for (let i = 0; i < 9; i++) await workers[i % 2].startLoginAttempt(ip, email);
    await (await workerA.startLoginAttempt(ip, email)).succeeded();
    for (let i = 0; i < 10; i++) expect(await refused(workers[i % 2].startLoginAttempt(ip, email))).toBe(false);
    expect(await refused(workerB.startLoginAttempt(ip, email))).toBe(true);
  });

  it("counts a burst sent to both processes at once in full", async () => {
    const email = account();
    const outcomes = await Promise.all(
      Array.from({ length: 15 }, (_, i) => refused(workers[i % 2].startLoginAttempt("203.0.113.63", email))),
    );
    expect(outcomes.filter((r) => !r)).toHaveLength(10);
    expect(outcomes.filter((r) => r)).toHaveLength(5);
  });

  it("counts reset requests for one e-mail through any process", async () => {
    const email = account();
    for (let i = 0; i < 10; i++) await workers[i % 2].limitResetRequest(`198.51.100.${i}`, email);
    expect(await refused(workerA.limitResetRequest("198.51.100.99", email))).toBe(true);
  });
});

describe("sweepRateLimits", () => {
  it("deletes the counts whose window is over, and only those", async () => {
    await workerA.limitResetRequest("192.0.2.77", account());
    const countOf = async () =>
      (await db.select().from(rateLimits).where(eq(rateLimits.key, "reset-ip:192.0.2.77")))[0];
    const live = (await countOf())!;
    expect(live.points).toBe(1);
    await sweepRateLimits(live.expire! - 1);
    expect(await countOf()).toBeDefined();
    expect(await sweepRateLimits(live.expire! + 1)).toBeGreaterThanOrEqual(1);
    expect(await countOf()).toBeUndefined();
  });
});

describe("RateLimitError", () => {
  it("says how many whole minutes to wait, at least one, in the right number", () => {
    expect(new RateLimitError(5).message).toBe("Too many attempts. Please try again in 1 minute.");
    expect(new RateLimitError(61).message).toBe("Too many attempts. Please try again in 2 minutes.");
    expect(new RateLimitError(61).headers).toEqual({ "Retry-After": "61" });
  });
});
