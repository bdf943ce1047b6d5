import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { backupShop, describeBackup, UPLOADS_NOTE_FILE } from "./backup.server";

// With the uploads in a bucket (UPLOADS_S3_BUCKET) the bucket is its provider's to back up:
// `npm run backup` copies the database only, says so in one line, and leaves a note in the backup.
describe("npm run backup with the uploads in a bucket", () => {
  it("copies the database, skips the uploads with one clear line, and says so in the backup", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-bucket-"));
    // A folder that would be copied if the uploads were kept there; with a bucket, it is not read.
    const uploadsDir = path.join(dir, "uploads");
    fs.mkdirSync(path.join(uploadsDir, "products"), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir, "products", "stale.webp"), "an old local picture");
    const bucket = "s3://shop-pictures/shop/ at http://127.0.0.1:9000";
    try {
      const report = await backupShop({
        database: config.databaseEngine === "pg" ? config.databaseUrl : config.databasePath,
        uploadsDir,
        uploadsBucket: bucket,
        // Inside the folder: no matter, as nothing is copied from it.
        backupsDir: path.join(uploadsDir, "backups"),
      });
      expect(report.uploads).toMatchObject({ source: bucket, skipped: true });
      expect(fs.statSync(report.database.file).size).toBeGreaterThan(0);
      const files = fs.readdirSync(report.folder).sort();
      expect(files).toEqual([path.basename(report.database.file), UPLOADS_NOTE_FILE].sort());
      expect(fs.readFileSync(path.join(report.folder, UPLOADS_NOTE_FILE), "utf8")).toBe(
        `The uploads are not in this backup: they are kept in the bucket ${bucket}, which is backed up with the storage provider's own tools (versioning, replication), not by npm run backup.\n`,
      );
      const lines = describeBackup(report).split("\n");
      expect(lines.filter((line) => line.trimStart().startsWith("uploads"))).toEqual([
        `  uploads: not copied, they are in the bucket ${bucket} (back it up with the provider's tools; see ${UPLOADS_NOTE_FILE})`,
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
