import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { migrateDatabase } from "~/db/migrate.server";
import { closePgDatabase, openPgDatabase } from "~/db/pg-connection.server";
import { createDatabase } from "../tools/pg/databases";
import { startOrderWriter } from "../tests/unit/order-writer-process";
import { backupShop, describeBackup } from "./backup.server";

// PostgreSQL's backup: pg_dump's archive of the shop's database (this test file's own, see
// tests/unit/setup.ts), restored with pg_restore as docs/backups.md says (backup.server.sqlite.test.ts:
// SQLite's copy of the file).

const run = promisify(execFile);

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-pg-"));
}

/** An uploads folder with one picture, and where backups go. */
function shopFolders() {
  const dir = tempDir();
  const uploadsDir = path.join(dir, "uploads");
  fs.mkdirSync(path.join(uploadsDir, "products"), { recursive: true });
  const picture = Buffer.from("RIFF....WEBPVP8 a picture uploaded before the backup");
  fs.writeFileSync(path.join(uploadsDir, "products", "a1b2c3.webp"), picture);
  return { dir, database: config.databaseUrl, uploadsDir, picture };
}

describe("npm run backup on PostgreSQL", () => {
  it("dumps, while orders are being written, every order committed before it, and the uploads; pg_restore puts it into a fresh database the shop opens", async () => {
    const shop = shopFolders();
    const writer = startOrderWriter(config.databaseUrl);
    try {
      await writer.until(200);
      const committedBefore = [...writer.committed];
      const report = await backupShop({ ...shop, backupsDir: path.join(shop.dir, "backups") });
      // The writer was still at work through the backup, and goes on after it.
      await writer.until(writer.committed.length + 50);
      expect(await writer.stop()).toBe(0);

      expect(path.basename(report.folder)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
      expect(fs.readdirSync(report.folder).sort()).toEqual([path.basename(report.database.file), "uploads"].sort());
      expect(path.basename(report.database.file)).toBe(`${new URL(config.databaseUrl).pathname.slice(1)}.dump`);
      expect(report.database.bytes).toBeGreaterThan(0);
      if (report.uploads.skipped) throw new Error("the uploads folder was not copied");
      expect(report.uploads.files).toBe(1);
      expect(describeBackup(report)).toContain(`Backup written to ${report.folder}`);

      // Restore as docs/backups.md says: into a new, empty database, then open it as the shop does.
      const restoredUrl = await createDatabase(config.databaseUrl, `restored_${process.pid}`);
      await run("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${restoredUrl}`, report.database.file]);
      const restored = openPgDatabase(restoredUrl, { max: 1 });
      const query = async <T>(statement: SQL) => (await restored.execute(statement)).rows as T[];
      try {
        await migrateDatabase(restored);
        const ids = new Set((await query<{ id: string }>(sql`SELECT id FROM orders`)).map((order) => order.id));
        expect(committedBefore.filter((id) => !ids.has(id))).toEqual([]);
        // The order numbers go on after the restored ones, never giving one twice.
        const [{ highest }] = await query<{ highest: number }>(
          sql`SELECT max(order_number)::integer AS highest FROM orders`,
        );
        const [{ next }] = await query<{ next: number }>(sql`SELECT nextval('order_number_seq')::integer AS next`);
        expect(next).toBeGreaterThan(highest);
      } finally {
        await closePgDatabase(restored);
      }
      expect(fs.readFileSync(path.join(report.uploads.folder, "products", "a1b2c3.webp"))).toEqual(shop.picture);
    } finally {
      await writer.stop();
    }
  }, 60_000);

  it("never reuses a folder: two backups in the same second get two", async () => {
    const shop = shopFolders();
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

  it("says which server it could not reach, without the password, and leaves nothing behind", async () => {
    const shop = shopFolders();
    const backupsDir = path.join(shop.dir, "b");
    const failed = backupShop({ ...shop, database: "postgres://shop:s3cret@127.0.0.1:1/shop", backupsDir });
    await expect(failed).rejects.toThrow(/127\.0\.0\.1.*port 1 failed/);
    await expect(failed).rejects.not.toThrow(/s3cret/);
    expect(fs.readdirSync(backupsDir)).toEqual([]);
    await expect(backupShop({ ...shop, backupsDir: path.join(shop.uploadsDir, "backups") })).rejects.toThrow(
      /inside the uploads folder/,
    );
    expect(fs.existsSync(path.join(shop.uploadsDir, "backups"))).toBe(false);
  });
});
