import { execFileSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { createDatabase as createDatabaseOn, onServer as statementOnServer } from "../../tools/pg/databases";
import { postgresBinaries, startThrowawayCluster, type Cluster } from "../../tools/pg/throwaway-cluster";

// Which database engine the bench runs the shop on: `--db=sqlite` (the default: a file per shop) or
// `--db=postgres` (a database per shop on a PostgreSQL server the bench starts once, durable: fsync
// and synchronous commits on, as a shop would run it; stopped and removed when the bench ends).

export type Engine = "sqlite" | "postgres";

export const ENGINES: readonly Engine[] = ["sqlite", "postgres"];

const option = process.argv.find((a) => a.startsWith("--db="))?.slice("--db=".length);
const nodesOption = process.argv.find((a) => a.startsWith("--nodes="))?.slice("--nodes=".length);

/**
 * `--nodes=N`: how many shop servers share the database behind a load balancer (bench/lib/server.ts);
 * NaN when it is not a whole number of at least 1. More than one needs PostgreSQL, the default then.
 */
export const nodes = nodesOption === undefined ? 1 : /^[1-9]\d*$/.test(nodesOption) ? Number(nodesOption) : NaN;

/** The engine `--db=` names, or undefined when it names none the bench knows (or SQLite for many nodes). */
export const engine: Engine | undefined =
  option === undefined
    ? nodes > 1
      ? "postgres"
      : "sqlite"
    : (ENGINES as readonly string[]).includes(option) && !(option === "sqlite" && nodes > 1)
      ? (option as Engine)
      : undefined;

export const onPostgres = engine === "postgres";

let cluster: Promise<Cluster> | undefined;

/** The bench's PostgreSQL server, started on first use. */
export function benchCluster(): Promise<Cluster> {
  cluster ??= startThrowawayCluster({ durable: true });
  return cluster;
}

/** Stops and removes the bench's PostgreSQL server, if it was started. */
export async function stopBenchCluster() {
  if (cluster) await (await cluster).stop();
  cluster = undefined;
}

/** A line for the machine header: which engine, and where. */
export async function engineDescription(): Promise<string> {
  if (!onPostgres) return "database: SQLite (a new file per shop)";
  const { port } = await benchCluster();
  const { rows } = await onServer((client) =>
    client.query<{ version: string; fsync: string; synchronous_commit: string }>(
      "SELECT version() AS version, current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit",
    ),
  );
  const [{ version, fsync, synchronous_commit }] = rows;
  return `database: PostgreSQL (a new database per shop on a throwaway server at 127.0.0.1:${port}, fsync ${fsync}, synchronous_commit ${synchronous_commit}): ${version.split(" on ")[0]}`;
}

/** Runs `fn` on a connection of its own to the database at `url`, closed afterwards. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** On the server's "postgres" database. */
const onServer = async <T>(fn: (client: pg.Client) => Promise<T>) => withClient((await benchCluster()).url, fn);

let databases = 0;

/** A new, empty database on the bench's server; gives its URL. */
export async function createDatabase(prefix = "shop"): Promise<string> {
  return createDatabaseOn((await benchCluster()).url, `${prefix}_${process.pid}_${++databases}`);
}

/** Drops a database made by createDatabase (its connections are ended first). */
export async function dropDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  await statementOnServer((await benchCluster()).url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** Runs one of PostgreSQL's client programs (pg_dump, pg_restore) from the server's own folder. */
export function runPgProgram(program: string, args: string[]) {
  execFileSync(path.join(postgresBinaries(), program), args, { stdio: ["ignore", "ignore", "pipe"] });
}
