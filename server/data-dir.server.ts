import fs from "node:fs";

type Ids = { uid: number; gid: number };

const currentIds = (): Ids => ({ uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 });

/**
 * Why the shop cannot keep its data in `folder` (created if missing), as one line that says what to
 * do; null when it can write there. Start-up asks before anything opens the database, so that a
 * volume the shop's user does not own stops it with this line rather than SQLite's stack trace.
 */
export function unwritableFolder(folder: string, ids: Ids = currentIds()): string | null {
  try {
    fs.mkdirSync(folder, { recursive: true });
    fs.accessSync(folder, fs.constants.W_OK);
    return null;
  } catch (error) {
    return folderProblem(folder, error as NodeJS.ErrnoException, ids);
  }
}

/** The one line for a folder the shop could not create or write (`error` from mkdir or access). */
export function folderProblem(folder: string, error: NodeJS.ErrnoException, { uid, gid }: Ids): string {
  const where = error.path && error.path !== folder ? `${folder} (${error.path})` : folder;
  switch (error.code) {
    case "EACCES":
    case "EPERM":
      return (
        `The shop cannot write to ${where}: it runs as uid ${uid}, gid ${gid}. Give the folder (or the volume ` +
        `mounted there) to that user, e.g. \`chown -R ${uid}:${gid} <that folder on the host>\`, or point ` +
        `DATABASE_URL / UPLOADS_DIR at a folder it can write, and start again.`
      );
    case "EROFS":
      return `The shop cannot write to ${where}: it is on a read-only file system. Mount a writable volume there and start again.`;
    default:
      return `The shop cannot keep its data in ${where}: ${error.code ?? "error"}, ${error.message.split("\n")[0]}.`;
  }
}
