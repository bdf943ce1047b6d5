import { spawn } from "node:child_process";
import readline from "node:readline";

/** Starts tests/unit/order-writer.ts on the database at `databaseUrl` (a SQLite file: or a postgres:// URL); `committed` fills with the ids it prints. */
export function startOrderWriter(databaseUrl: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/unit/order-writer.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "test" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const committed: string[] = [];
  const waiters = new Set<() => void>();
  readline.createInterface({ input: child.stdout }).on("line", (id) => {
    committed.push(id);
    for (const wake of waiters) wake();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return {
    committed,
    /** Resolves once `count` orders are committed; rejects if the writer stops first. */
    until(count: number) {
      return new Promise<void>((resolve, reject) => {
        const wake = () => {
          if (committed.length < count) return;
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
        wake();
        void exited.then((code) =>
          reject(new Error(`the order writer exited (${code}) after ${committed.length} orders`)),
        );
      });
    },
    async stop() {
      child.stdin.end();
      return exited;
    },
  };
}
