import { config } from "~/config.server";
import { processWide } from "~/lib/process-wide.server";
import { pgPool, writer } from "./client.server";
import { groupCommitter } from "./group-commit.server";
import { pgCommitter } from "./pg-transaction.server";

/**
 * Runs `work` in a write transaction and settles once it is committed: with its result, or with
 * what it threw (its writes undone). SQLite: the group commit (./group-commit.server.ts); PostgreSQL:
 * a transaction of its own, run again if the server aborts it for a deadlock or a conflict. Either
 * way the body awaits only its queries on `tx` (no network, no timers, no other commitTogether).
 */
export const commitTogether = processWide("commitTogether", () =>
  config.databaseEngine === "pg" ? pgCommitter(pgPool) : groupCommitter(writer),
);
