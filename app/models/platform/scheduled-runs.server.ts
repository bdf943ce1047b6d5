import { sql } from "drizzle-orm";
import { commitTogether } from "~/db/commit.server";
import { preparedOnce } from "~/db/dialect";
import { scheduledRuns } from "~/db/schema";

// One run per tick of each scheduled job across every node of the shop: each node's timer asks for
// the tick, and only the first ask writes it (an upsert that moves the tick forward only). The
// others find it taken and skip this tick. Nothing is held in a process: a node that dies leaves
// the next tick to whoever asks first.

const takeStatement = preparedOnce((q) =>
  q
    .insert(scheduledRuns)
    .values({ name: sql.placeholder("name"), tick: sql.placeholder("tick") })
    .onConflictDoUpdate({
      target: scheduledRuns.name,
      set: { tick: sql`excluded.tick` },
      setWhere: sql`${scheduledRuns.tick} < excluded.tick`,
    })
    .returning({ name: scheduledRuns.name })
    .prepare(),
);

/** The start of the tick of `everyMs` that `now` falls in (epoch milliseconds): the same on every node. */
export const tickOf = (everyMs: number, now = Date.now()) => Math.floor(now / everyMs) * everyMs;

/** Whether this process runs `name`'s tick `tick` (true once per tick and job, across every node). */
export function takeTick(name: string, tick: number): Promise<boolean> {
  return commitTogether(async (tx) => (await takeStatement(tx).execute({ name, tick })).length === 1);
}
