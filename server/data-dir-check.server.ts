// Imported first by server.ts, before any module opens the database: a data folder the shop cannot
// write (a volume owned by another user) stops start-up with one line saying what to do.
import { config } from "~/config.server";
import { unwritableFolder } from "./data-dir.server";

const folders = config.databasePath === ":memory:" ? [config.uploadsDir] : [config.dataDir, config.uploadsDir];
for (const folder of new Set(folders)) {
  const problem = unwritableFolder(folder);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
