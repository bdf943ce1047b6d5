import { spawn } from "node:child_process";
import { progress } from "./measure";

/**
 * Runs `node --import tsx <script> ...args` in its own process (DATABASE_URL in `env` names the
 * database, which the shop's db client opens at import), relaying `progress` lines and returning the
 * JSON the child prints last on a `result ` line.
 */
export async function runChild<T>(script: string, args: string[], env: Record<string, string> = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", script, ...args], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, NODE_ENV: "production", SESSION_SECRET: "bench", ...env },
    });
    let out = "";
    let answered = false;
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk;
      let nl: number;
      while ((nl = out.indexOf("\n")) >= 0) {
        const line = out.slice(0, nl);
        out = out.slice(nl + 1);
        if (line.startsWith("progress ")) progress(line.slice("progress ".length));
        else if (line.startsWith("result ")) {
          answered = true;
          resolve(JSON.parse(line.slice("result ".length)) as T);
        } else if (line.trim()) console.log(`  ${line}`);
      }
    });
    child.on("exit", (code) => {
      if (code !== 0) reject(new Error(`${script} exited ${code}`));
      else if (!answered) reject(new Error(`${script} ended without a result`));
    });
  });
}
