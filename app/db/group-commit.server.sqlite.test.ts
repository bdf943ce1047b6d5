import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type Connection, type Tx } from "./client.server";
import { groupCommitter } from "./group-commit.server";

let dir: string;
let file: string;
let db: Connection;
let commitTogether: ReturnType<typeof groupCommitter>;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "group-commit-"));
  file = path.join(dir, "test.db");
  db = openDatabase(file);
  db.$client.exec("create table notes (id integer primary key, text text not null unique)");
  commitTogether = groupCommitter(db);
});

afterEach(() => {
  vi.restoreAllMocks();
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const insert = (text: string) => async (tx: Tx) => tx.run(sql`insert into notes (text) values (${text}) returning id`);
const countNotes = async (tx: Tx) => tx.get<{ n: number }>(sql`select count(*) n from notes`).n;
/** Counts the COMMITs run on the test's connection from now on. */
function countCommits() {
  const run = vi.spyOn(Object.getPrototypeOf(db.$client.prepare("select 1")) as { run: () => unknown }, "run");
  return () => run.mock.contexts.filter((statement) => (statement as { source: string }).source === "COMMIT").length;
}
/** What another connection (another process) sees: only what is committed. */
const committed = () => {
  const other = new Database(file, { readonly: true });
  try {
    return (other.prepare("select text from notes order by id").all() as { text: string }[]).map((r) => r.text);
  } finally {
    other.close();
  }
};

describe("commitTogether", () => {
  it("commits the work queued in one turn in one transaction, and answers each caller once it is committed", async () => {
    const commits = countCommits();
    const pending = ["a", "b", "c"].map((text) => commitTogether(insert(text)).then(() => committed()));
    expect(committed()).toEqual([]);
    const seen = await Promise.all(pending);
    expect(commits()).toBe(1);
    for (const rows of seen) expect(rows).toEqual(["a", "b", "c"]);
  });

  it("gives each caller its own result, and later work sees earlier work of the same batch", async () => {
    const first = commitTogether(countNotes);
    const write = commitTogether(insert("x"));
    const count = commitTogether(countNotes);
    expect(await Promise.all([first, write.then(() => "written"), count])).toEqual([0, "written", 1]);
  });

  it("undoes only the writes of work that throws, which fails alone", async () => {
    const kept = commitTogether(insert("kept"));
    const failed = commitTogether(async (tx) => {
      await insert("undone")(tx);
      await insert("kept")(tx); // the unique text: a constraint error
    });
    const thrown = commitTogether(async () => {
      throw new Error("refused");
    });
    const after = commitTogether(insert("after"));
    const [keptOutcome, failedOutcome, thrownOutcome, afterOutcome] = await Promise.allSettled([
      kept,
      failed,
      thrown,
      after,
    ]);
    expect(keptOutcome.status).toBe("fulfilled");
    expect(afterOutcome.status).toBe("fulfilled");
    expect(failedOutcome).toMatchObject({
      status: "rejected",
      reason: { cause: { code: "SQLITE_CONSTRAINT_UNIQUE" } },
    });
    expect(thrownOutcome).toMatchObject({ status: "rejected", reason: { message: "refused" } });
    expect(committed()).toEqual(["kept", "after"]);
  });

  it("fails the whole batch, writing nothing, when an error ends SQLite's transaction (as a full disk does)", async () => {
    const before = commitTogether(insert("before"));
    const fatal = commitTogether(async (tx) => {
      tx.run(sql`rollback`);
      throw new Error("disk full");
    });
    const after = commitTogether(insert("after"));
    const outcomes = await Promise.allSettled([before, fatal, after]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(committed()).toEqual([]);
    await commitTogether(insert("next"));
    expect(committed()).toEqual(["next"]);
  });

  it("runs async bodies one at a time, each in its own savepoint, even when they await between writes", async () => {
    const order: string[] = [];
    const slow = commitTogether(async (tx) => {
      order.push("slow begins");
      await insert("s1")(tx);
      await new Promise((resolve) => setImmediate(resolve));
      await insert("s2")(tx);
      order.push("slow ends");
    });
    const fast = commitTogether(async (tx) => {
      order.push("fast begins");
      await insert("f1")(tx);
      throw new Error("undone");
    });
    const outcomes = await Promise.allSettled([slow, fast]);
    expect(order).toEqual(["slow begins", "slow ends", "fast begins"]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected"]);
    expect(committed()).toEqual(["s1", "s2"]);
  });

  it("keeps work queued while a batch awaits for the next batch, which runs once the first has committed", async () => {
    const commits = countCommits();
    let release!: () => void;
    const first = commitTogether(async (tx) => {
      await insert("first")(tx);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await new Promise((resolve) => setImmediate(resolve));
    const second = commitTogether(async (tx) => [await countNotes(tx), await insert("second")(tx)][0]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(committed()).toEqual([]);
    release();
    await first;
    expect(await second).toBe(1);
    expect(commits()).toBe(2);
    expect(committed()).toEqual(["first", "second"]);
  });

  it("starts a new batch for work queued while one is committed", async () => {
    const commits = countCommits();
    await commitTogether(insert("one"));
    await commitTogether(insert("two"));
    expect(commits()).toBe(2);
    expect(committed()).toEqual(["one", "two"]);
  });

  it("waits for another process's write lock without stopping the event loop, then commits", async () => {
    const other = new Database(file);
    other.exec("begin immediate; insert into notes (text) values ('theirs')");
    const ours = commitTogether(insert("ours"));
    // While the lock is held, timers still run: the process goes on serving.
    let ticks = 0;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (++ticks === 5) {
          clearInterval(timer);
          resolve();
        }
      }, 2);
    });
    expect(committed()).toEqual([]);
    other.exec("commit");
    await ours;
    other.close();
    expect(committed()).toEqual(["theirs", "ours"]);
  });
});

describe("commitTogether's type", () => {
  it("refuses what it cannot run: a synchronous body, and the read connection where a transaction is due", async () => {
    const { db: readConnection } = await import("./client.server");
    const writeNote = async (tx: Tx) => insert("typed")(tx);
    // @ts-expect-error a body must be async, so that it can run on a server database's driver
    const sync = () => commitTogether((tx) => tx.run(sql`select 1`));
    // @ts-expect-error a helper that writes takes the transaction, never the read connection
    const outside = () => writeNote(readConnection);
    expect([typeof sync, typeof outside]).toEqual(["function", "function"]);
    await commitTogether(writeNote);
    expect(committed()).toEqual(["typed"]);
  });
});
