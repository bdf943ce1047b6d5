import { execFile, execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// A PostgreSQL server of its own for tests and the bench: initdb in a temporary folder, a free port
// on loopback, trust authentication for a role named "shop", removed by stop() (and at this
// process's exit, if it ends first). Run as root (CI), the server runs as the unprivileged
// "postgres" user that Debian's package makes, since PostgreSQL refuses to run as root.

export type Cluster = {
  /** A URL of the server's "postgres" database (connect there to CREATE DATABASE). */
  url: string;
  /** The URL of another database on the same server. */
  urlOf(database: string): string;
  port: number;
  /** Stops the server, keeping its data (a database that goes away). */
  pause(): Promise<void>;
  /** Starts it again on the same port (and the database comes back). */
  resume(): Promise<void>;
  /**
   * Stops and starts it again, as a managed restart or a failover does: "fast" ends every session
   * (what pg_terminate_backend sends each), "immediate" kills them as a crash would (recovery at start).
   */
  restart(mode: "fast" | "immediate"): Promise<void>;
  stop(): Promise<void>;
};

export type ClusterOptions = {
  /** Keep fsync and synchronous commits (the bench's honest figures); off for tests, which need no durability. */
  durable?: boolean;
  maxConnections?: number;
};

/** The folder of initdb, pg_ctl and postgres: PG_BIN, the newest /usr/lib/postgresql/N/bin, or PATH. */
export function postgresBinaries(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length > 0) return path.join(root, versions[0], "bin");
  const found = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).stdout.trim();
  if (found) return path.dirname(found);
  throw new Error(
    "PostgreSQL's server programs (initdb, pg_ctl) were not found: install them (Debian: apt-get install postgresql-15) or set PG_BIN to their folder.",
  );
}

/** A TCP port on loopback that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Who runs the server: this user, or "postgres" when this is root. */
function serverUser(): { uid: number; gid: number; name: string } | null {
  if (process.getuid?.() !== 0) return null;
  const found = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  if (found.status !== 0)
    throw new Error("Running as root, PostgreSQL needs an unprivileged user: no user named postgres was found.");
  const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
  return { uid: Number(found.stdout.trim()), gid, name: "postgres" };
}

export async function startThrowawayCluster({
  durable = false,
  maxConnections = 300,
}: ClusterOptions = {}): Promise<Cluster> {
  const bin = postgresBinaries();
  const user = serverUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-pg-"));
  const data = path.join(dir, "data");
  const log = path.join(dir, "server.log");
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const invocation = (program: string, args: string[]): [string, string[]] =>
    user ? ["runuser", ["-u", user.name, "--", path.join(bin, program), ...args]] : [path.join(bin, program), args];
  const asServer = (program: string, args: string[]) =>
    execFileSync(...invocation(program, args), { stdio: ["ignore", "pipe", "pipe"], cwd: dir });
  // The same, without blocking this process's event loop (a test's load goes on meanwhile).
  const asServerAsync = (program: string, args: string[]) =>
    promisify(execFile)(...invocation(program, args), { cwd: dir });

  const removeFolder = () => fs.rmSync(dir, { recursive: true, force: true });
  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    try {
      asServer("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch {
      // Not running (it failed to start, or was stopped already).
    }
    removeFolder();
  };
  process.once("exit", stopNow);

  try {
    asServer("initdb", ["-D", data, "-U", "shop", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"]);
    const port = await freePort();
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses=127.0.0.1",
      `-c max_connections=${maxConnections}`,
      ...(durable ? [] : ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]),
    ].join(" ");
    const startArgs = ["-D", data, "-l", log, "-o", settings, "-w", "-t", "60", "start"];
    const start = () => asServer("pg_ctl", startArgs);
    start();
    const urlOf = (database: string) => `postgres://shop@127.0.0.1:${port}/${database}`;
    return {
      url: urlOf("postgres"),
      urlOf,
      port,
      pause: async () => {
        asServer("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      },
      resume: async () => {
        start();
      },
      restart: async (mode) => {
        await asServerAsync("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
        await asServerAsync("pg_ctl", startArgs);
      },
      stop: async () => {
        process.removeListener("exit", stopNow);
        stopNow();
      },
    };
  } catch (error) {
    const output = fs.existsSync(log) ? fs.readFileSync(log, "utf8").slice(-2000) : "";
    stopNow();
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    throw new Error(`Could not start a throwaway PostgreSQL: ${(error as Error).message}\n${stderr}${output}`);
  }
}
