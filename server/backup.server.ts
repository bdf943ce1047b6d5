import fs from "node:fs";
import path from "node:path";
import { engineOf } from "~/config.server";
import { backup } from "~/db/dialect";

/**
 * `npm run backup` (backup.ts): an online copy of the shop's database (the dialect's `backup`:
 * SQLite's backup API into a copy of the file, or pg_dump's archive of a PostgreSQL database) while
 * the shop keeps serving and taking orders, plus the uploads folder (unless the uploads are in a
 * bucket), into a new timestamped folder.
 * Restoring it: docs/backups.md.
 */

export type BackupOptions = {
  /** The SQLite database file, or the PostgreSQL database's postgres:// URL (the shop's engine). */
  database: string;
  uploadsDir: string;
  /**
   * Where the uploads are when they are kept in an S3-compatible bucket (UPLOADS_S3_BUCKET), for the
   * messages: such a bucket is its provider's to back up (versioning, replication), so it is not copied.
   */
  uploadsBucket?: string;
  /** The backup goes into a new folder named after `now` inside this one. */
  backupsDir: string;
  now?: Date;
};

export type BackupReport = {
  folder: string;
  database: { source: string; file: string; bytes: number };
  uploads:
    | { source: string; folder: string; files: number; bytes: number; skipped?: undefined }
    | { source: string; skipped: true; note: string };
};

/** The file a backup holds instead of uploads/ when the uploads are in a bucket. */
export const UPLOADS_NOTE_FILE = "UPLOADS-NOT-INCLUDED.txt";

export async function backupShop({
  database,
  uploadsDir,
  uploadsBucket,
  backupsDir,
  now = new Date(),
}: BackupOptions): Promise<BackupReport> {
  const onServer = engineOf(database) === "pg";
  if (database === ":memory:") throw new Error("DATABASE_URL is :memory:, there is no database file to back up.");
  if (!onServer && !fs.existsSync(database)) throw new Error(`There is no database at ${database}.`);
  if (!uploadsBucket && isInside(path.resolve(backupsDir), path.resolve(uploadsDir)))
    throw new Error(`The backups folder ${backupsDir} is inside the uploads folder ${uploadsDir}: choose another one.`);

  fs.mkdirSync(backupsDir, { recursive: true });
  const folder = newFolderName(backupsDir, now);
  // Written under another name and renamed once complete: a folder with the final name is whole.
  const partial = `${folder}.partial`;
  fs.mkdirSync(partial);
  try {
    // shop.db for a SQLite file; <database name>.dump, pg_dump's archive, for PostgreSQL.
    const databaseName = onServer
      ? `${new URL(database).pathname.slice(1) || "postgres"}.dump`
      : path.basename(database);
    await backup(database, path.join(partial, databaseName));
    let uploads: BackupReport["uploads"];
    if (uploadsBucket) {
      const note = `The uploads are not in this backup: they are kept in the bucket ${uploadsBucket}, which is backed up with the storage provider's own tools (versioning, replication), not by npm run backup.`;
      fs.writeFileSync(path.join(partial, UPLOADS_NOTE_FILE), `${note}\n`);
      uploads = { source: uploadsBucket, skipped: true, note };
    } else {
      // After the database: every picture a backed-up row names was written before that row.
      const copied = fs.existsSync(uploadsDir)
        ? copyTree(uploadsDir, path.join(partial, "uploads"))
        : { files: 0, bytes: 0 };
      uploads = { source: uploadsDir, folder: path.join(folder, "uploads"), ...copied };
    }
    fs.renameSync(partial, folder);
    return {
      folder,
      database: {
        source: onServer ? withoutPassword(database) : database,
        file: path.join(folder, databaseName),
        bytes: fs.statSync(path.join(folder, databaseName)).size,
      },
      uploads,
    };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Copies a folder's files and subfolders; a file deleted while the copy runs is left out. */
function copyTree(from: string, to: string): { files: number; bytes: number } {
  fs.mkdirSync(to, { recursive: true });
  let files = 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      const inner = copyTree(source, target);
      files += inner.files;
      bytes += inner.bytes;
    } else if (entry.isFile()) {
      try {
        fs.copyFileSync(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw error;
      }
      files++;
      bytes += fs.statSync(target).size;
    }
  }
  return { files, bytes };
}

function newFolderName(parent: string, now: Date): string {
  // 2026-11-22T06-35-12Z: sorts by time, and no colon (not allowed in names on Windows).
  const stamp = `${now.toISOString().slice(0, 19).replace(/:/g, "-")}Z`;
  for (let n = 1; ; n++) {
    const folder = path.join(parent, n === 1 ? stamp : `${stamp}-${n}`);
    if (!fs.existsSync(folder) && !fs.existsSync(`${folder}.partial`)) return folder;
  }
}

/** A database URL fit to print: its password left out. */
function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** What `npm run backup` prints. */
export function describeBackup(report: BackupReport): string {
  return [
    `Backup written to ${report.folder}`,
    `  ${path.basename(report.database.file)}: ${formatBytes(report.database.bytes)} (an online copy of ${report.database.source})`,
    report.uploads.skipped
      ? `  uploads: not copied, they are in the bucket ${report.uploads.source} (back it up with the provider's tools; see ${UPLOADS_NOTE_FILE})`
      : `  uploads/: ${report.uploads.files} files, ${formatBytes(report.uploads.bytes)} (from ${report.uploads.source})`,
    `To restore it, see docs/backups.md.`,
  ].join("\n");
}
