import { spawn } from "node:child_process";
import { createDatabase } from "../../tools/pg/databases";
import { startThrowawayCluster } from "../../tools/pg/throwaway-cluster";

// Runs a command against a throwaway PostgreSQL server (tools/pg/throwaway-cluster.ts), removed
// when the command ends:
//
//   node --import tsx scripts/pg/with-cluster.ts [--durable] [--databases=shop,other] -- <command> [args…]
//
// Each database named is created empty; the command gets DATABASE_URL (the first one's URL),
// PG_TEST_URL (the server's "postgres" database, for making more) and PG_URL_<NAME> for each.

const args = process.argv.slice(2);
const split = args.indexOf("--");
const options = split === -1 ? [] : args.slice(0, split);
const command = split === -1 ? args : args.slice(split + 1);
if (command.length === 0) {
  console.error("Usage: with-cluster.ts [--durable] [--databases=a,b] -- <command> [args…]");
  process.exit(2);
}
const databases = (options.find((o) => o.startsWith("--databases="))?.split("=")[1] ?? "shop").split(",");

const cluster = await startThrowawayCluster({ durable: options.includes("--durable") });
let code = 1;
try {
  for (const name of databases) await createDatabase(cluster.url, name);
  const urls = Object.fromEntries(databases.map((name) => [`PG_URL_${name.toUpperCase()}`, cluster.urlOf(name)]));
  code = await new Promise<number>((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      stdio: "inherit",
      env: { ...process.env, ...urls, DATABASE_URL: cluster.urlOf(databases[0]), PG_TEST_URL: cluster.url },
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
} finally {
  await cluster.stop();
}
process.exit(code);
