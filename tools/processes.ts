import { spawn, type ChildProcess } from "node:child_process";

// The programs test:scale runs (scripts/scale/run.ts): each one a child process whose stderr is kept
// (its last lines are printed when something fails) and that is stopped at the end.

export type Program = {
  name: string;
  child: ChildProcess;
  /** The end of what it wrote to stderr (and stdout, when `echo` is off). */
  output(): string;
  /** Resolves with its exit code (or signal) once it has ended. */
  exited: Promise<string>;
  stop(signal?: NodeJS.Signals): Promise<string>;
};

const KEEP_CHARS = 20_000;

export function startProgram(name: string, command: string[], env: Record<string, string>): Program {
  const child = spawn(command[0], command.slice(1), {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-KEEP_CHARS));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<string>((resolve) =>
    child.once("exit", (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`)),
  );
  return {
    name,
    child,
    output: () => output,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      const how = await exited;
      clearTimeout(timer);
      return how;
    },
  };
}

/**
 * Polls `check` every 100 ms until it holds, at most `timeoutMs`; resolves with the moment it did
 * (performance.now()). A check that throws counts as not yet; `stillWaiting` may throw to give up
 * early (a program waited on has ended). Throws `failure` past the time.
 */
export async function pollUntil(
  check: () => Promise<boolean | undefined>,
  timeoutMs: number,
  failure: () => string,
  stillWaiting: () => void = () => {},
): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return performance.now();
    stillWaiting();
    if (performance.now() > deadline) throw new Error(failure());
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until `url` answers 200 (every 100 ms, at most `timeoutMs`); throws with the program's output if not. */
export async function waitForOk(url: string, program: Program | null, timeoutMs = 120_000): Promise<void> {
  await pollUntil(
    async () => (await fetch(url, { signal: AbortSignal.timeout(2_000) })).status === 200,
    timeoutMs,
    () => `${url} did not answer 200 within ${timeoutMs / 1000} s:\n${program?.output() ?? ""}`,
    () => {
      if (program && program.child.exitCode !== null)
        throw new Error(`${program.name} ended before ${url} answered:\n${program.output()}`);
    },
  );
}
