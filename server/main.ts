// The server's entry into the shop's one module graph: server.ts loads it from the build
// (build/server/main.js, a second entry of the Remix server build, sharing its chunks: every app
// module exists once) or, in development, through Vite beside the routes. Only the configuration
// is loaded before the port and the data folder are checked; the rest, which opens the database, after.
import cluster from "node:cluster";
import { config } from "~/config.server";
import { unwritableFolder } from "./data-dir.server";
import { PORT_IN_USE_EXIT_CODE, portInUse, portInUseMessage } from "./listen-port.server";
import { missingSessionSecret } from "./startup-messages.server";
import type { ShopOptions } from "./run.server";

export type { ShopOptions };

/** Starts this process's part of the shop: the primary's start-up and workers, or a worker's HTTP server. */
export async function startShop(options: ShopOptions) {
  // A port already taken: one line, before the data folder, the database, the sandbox or a worker
  // is touched (the workers listen on the primary's port).
  if (cluster.isPrimary && (await portInUse(config.port))) {
    console.error(portInUseMessage(config.port));
    process.exit(PORT_IN_USE_EXIT_CODE);
  }
  // A data folder the shop cannot write (a volume owned by another user) stops start-up with one
  // line saying what to do, before anything opens the database.
  // (The uploads folder only when the uploads are kept in one, not in a bucket.)
  const uploadsFolder = config.uploadsS3 ? [] : [config.uploadsDir];
  const folders =
    config.databasePath === ":memory:" || config.databaseEngine === "pg"
      ? uploadsFolder
      : [config.dataDir, ...uploadsFolder];
  for (const folder of new Set(folders)) {
    const problem = unwritableFolder(folder);
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
  }
  const noSecret = missingSessionSecret(config);
  if (noSecret) {
    console.error(noSecret);
    process.exit(1);
  }
  // A database server that cannot be used (a wrong DATABASE_URL, a server down) likewise.
  const { whyUnreachable, databaseGone } = await import("~/db/dialect");
  const problem = await whyUnreachable();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  // A promise nobody awaits that a database gone away rejected (the outage is logged once, and the
  // request or job that needed it failed already) is no reason to stop; any other stops the process
  // as Node does by default, with its stack.
  process.on("unhandledRejection", (reason) => {
    if (!databaseGone(reason)) throw reason;
  });
  // Remix, React and Vite read NODE_ENV themselves: give them the default too.
  process.env.NODE_ENV = config.nodeEnv;
  const { runShop } = await import("./run.server");
  await runShop(options);
}
