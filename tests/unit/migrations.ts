import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Queryable } from "~/db/client.server";
import { closeConnection } from "~/db/dialect";
import { migrateDatabase } from "~/db/migrate.server";

/**
 * A fresh database in a temporary folder, migrated only up to (not including) the migration whose
 * tag starts with `tagPrefix`, as a shop that has not updated yet has it. `done` removes it.
 */
export async function databaseBefore(tagPrefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${tagPrefix}-`));
  const before = path.join(dir, "drizzle");
  fs.cpSync(path.resolve("drizzle", "sqlite"), before, { recursive: true });
  const journalFile = path.join(before, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag.startsWith(tagPrefix));
  if (upTo < 1) throw new Error(`No migration ${tagPrefix}`);
  journal.entries = journal.entries.slice(0, upTo);
  fs.writeFileSync(journalFile, JSON.stringify(journal));

  const old = openDatabase(path.join(dir, "shop.db"));
  await migrateDatabase(old, before);
  return {
    /** What to query the old database through (raw SQL: ~/db/dialect's execute and rows). */
    q: old as Queryable,
    /** Applies every migration, as the shop does at start. */
    migrate: () => migrateDatabase(old),
    done: async () => {
      await closeConnection(old);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
