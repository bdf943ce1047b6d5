// `npm run backup [-- <folder>]`: an online backup of the shop's database and uploads (the same
// DATABASE_URL and UPLOADS_DIR as the shop; uploads in a bucket, UPLOADS_S3_BUCKET, are left to its provider) into a new timestamped folder inside <folder>, or
// BACKUP_DIR, or `backups` beside the database (in data/ for PostgreSQL). Safe while the shop runs:
// SQLite's backup API, or pg_dump on PostgreSQL. docs/backups.md.
import path from "node:path";
import { backupShop, describeBackup } from "./server/backup.server";
import { config } from "./app/config.server";
import { bucketLocation } from "./app/models/uploads/index";

try {
  const report = await backupShop({
    database: config.databaseEngine === "pg" ? config.databaseUrl : config.databasePath,
    uploadsDir: config.uploadsDir,
    uploadsBucket: config.uploadsS3 ? bucketLocation(config.uploadsS3) : undefined,
    backupsDir: process.argv[2] ? path.resolve(process.argv[2]) : config.backupsDir,
  });
  console.log(describeBackup(report));
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
