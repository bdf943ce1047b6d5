import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { backupShop, describeBackup } from "./backup.server";
import { sql } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { closeConnection, execute, rows } from "~/db/dialect";
import { migrateDatabase } from "~/db/migrate.server";
import { orders } from "~/db/schema";
import { startOrderWriter } from "../tests/unit/order-writer-process";

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-"));
}

/** A shop's data folder: a migrated database and an uploads folder with one picture. */
async function shopData() {
  const dir = tempDir();
  const databasePath = path.join(dir, "shop.db");
  const db = openDatabase(databasePath);
  await migrateDatabase(db);
  await closeConnection(db);
  const uploadsDir = path.join(dir, "uploads");
  fs.mkdirSync(path.join(uploadsDir, "products"), { recursive: true });
  const picture = Buffer.from("RIFF....WEBPVP8 a picture uploaded before the backup");
  fs.writeFileSync(path.join(uploadsDir, "products", "a1b2c3.webp"), picture);
  return { dir, databasePath, database: databasePath, uploadsDir, picture };
}

// SQLite's backup: a copy of the database file (backup.pg.test.ts: pg_dump's, on PostgreSQL).
describe("npm run backup", () => {
  it("copies, while orders are being written, every order committed before it, and the uploads; the copy restores into a fresh shop", async () => {
    const shop = await shopData();
    // A long read elsewhere (an admin's CSV export, say) holds checkpoints back, so the latest
    // commits live only in the -wal file: a plain copy of the database file would miss them.
    const reader = openDatabase(shop.databasePath);
    await execute(reader, sql`BEGIN`);
    await reader.select({ id: orders.id }).from(orders).limit(1);
    const writer = startOrderWriter(`file:${shop.databasePath}`);
    try {
      await writer.until(200);
      const committedBefore = [...writer.committed];
      const report = await backupShop({
        database: shop.databasePath,
        uploadsDir: shop.uploadsDir,
        backupsDir: path.join(shop.dir, "backups"),
      });
      // The writer was still at work through the backup, and goes on after it.
      await writer.until(writer.committed.length + 50);
      expect(await writer.stop()).toBe(0);

      expect(path.dirname(report.folder)).toBe(path.join(shop.dir, "backups"));
      expect(path.basename(report.folder)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
      expect(fs.readdirSync(path.join(shop.dir, "backups"))).toEqual([path.basename(report.folder)]);
      if (report.uploads.skipped) throw new Error("the uploads folder was not copied");
      expect(report.uploads.files).toBe(1);
      expect(report.uploads.bytes).toBe(shop.picture.length);
      expect(describeBackup(report)).toContain(`Backup written to ${report.folder}`);

      // Restore as docs/backups.md says, into a fresh data folder, and open it as the shop does.
      const fresh = tempDir();
      fs.copyFileSync(report.database.file, path.join(fresh, "shop.db"));
      fs.cpSync(report.uploads.folder, path.join(fresh, "uploads"), { recursive: true });
      const restored = openDatabase(path.join(fresh, "shop.db"));
      await migrateDatabase(restored);
      expect((await rows(restored, sql`PRAGMA integrity_check`))[0]).toEqual({ integrity_check: "ok" });
      const ids = new Set((await restored.select({ id: orders.id }).from(orders)).map((order) => order.id));
      await closeConnection(restored);
      expect(committedBefore.filter((id) => !ids.has(id))).toEqual([]);
      expect(fs.readFileSync(path.join(fresh, "uploads", "products", "a1b2c3.webp"))).toEqual(shop.picture);
    } finally {
      await writer.stop();
      await execute(reader, sql`ROLLBACK`);
      await closeConnection(reader);
    }
  }, 60_000);

  it("never reuses a folder: two backups in the same second get two", async () => {
    const shop = await shopData();
    const now = new Date("2026-11-22T06:35:12.345Z");
    const backupsDir = path.join(shop.dir, "elsewhere");
    const first = await backupShop({ ...shop, backupsDir, now });
    const second = await backupShop({ ...shop, backupsDir, now });
    expect([first.folder, second.folder]).toEqual([
      path.join(backupsDir, "2026-11-22T06-35-12Z"),
      path.join(backupsDir, "2026-11-22T06-35-12Z-2"),
    ]);
    expect(fs.existsSync(second.database.file)).toBe(true);
  });

  it("refuses a backups folder inside the uploads folder, and leaves nothing behind", async () => {
    const shop = await shopData();
    await expect(backupShop({ ...shop, backupsDir: path.join(shop.uploadsDir, "backups") })).rejects.toThrow(
      /inside the uploads folder/,
    );
    await expect(
      backupShop({ ...shop, database: path.join(shop.dir, "missing.db"), backupsDir: path.join(shop.dir, "b") }),
    ).rejects.toThrow(/no database/);
    expect(fs.existsSync(path.join(shop.uploadsDir, "backups"))).toBe(false);
  });
});
