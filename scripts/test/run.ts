import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readStages, stageTable, writeStages } from "./stage-log";

// `npm test`: every check, stage by stage, stopping at the first that fails, then a table of the
// stages and their seconds (scripts/test/stage-log.ts). The static checks and the build run side by
// side: each of them is mostly one thread. `.ci/run` sets TEST_STAGES_FILE to add its own stages
// (install, container) and prints the whole table at its end.

type Command = { name: string; command: string[]; env?: Record<string, string> };
type Stage = { name: string; commands: Command[] };

const npx = (...args: string[]) => ["npx", ...args];
const tsx = (script: string, ...args: string[]) => [process.execPath, "--import", "tsx", script, ...args];

const stages: Stage[] = [
  {
    name: "static checks and build",
    commands: [
      // The OpenAPI document linted by Redocly, and its generated types that tsc then checks the typed
      // client's test against (scripts/openapi/check.ts).
      {
        name: "OpenAPI lint, typecheck",
        command: ["sh", "-c", `${tsx("scripts/openapi/check.ts").join(" ")} && npx tsc`],
      },
      { name: "lint", command: npx("eslint", ".") },
      { name: "format", command: npx("prettier", ".", "--check", "--log-level", "warn") },
      { name: "build", command: npx("remix", "vite:build", "--logLevel", "warn") },
    ],
  },
  // Vitest's three projects in one run, side by side on its forks (one after the other, each waited
  // for its slowest file while the other core idled): a line for each in the table.
  { name: "unit (Vitest)", commands: [{ name: "vitest", command: npx("vitest", "run") }] },
  { name: "browser: SQLite, one node", commands: [{ name: "playwright", command: npx("playwright", "test") }] },
  {
    name: "two nodes: PostgreSQL behind HAProxy",
    commands: [{ name: "scale", command: tsx("scripts/scale/run.ts") }],
  },
];

const ownFile = !process.env.TEST_STAGES_FILE;
const stagesFile =
  process.env.TEST_STAGES_FILE ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-")), "stages.jsonl");
process.env.TEST_STAGES_FILE = stagesFile;
const firstRecord = readStages(stagesFile).length;

let failed = false;
for (const stage of stages) {
  console.log(`\n=== ${stage.name} ===`);
  const before = readStages(stagesFile);
  const started = performance.now();
  const side = stage.commands.length > 1;
  const results = await Promise.all(stage.commands.map((command) => run(command, side)));
  const seconds = (performance.now() - started) / 1000;
  const ok = results.every((r) => r.ok);
  // The stage's line, then the parts its programs wrote as they ran (the browser projects, the
  // two-node steps), then its commands run side by side.
  const fromPrograms = readStages(stagesFile).slice(before.length);
  const sideParts = side ? results.map((r) => ({ name: r.name, seconds: r.seconds, ok: r.ok, part: true })) : [];
  writeStages(stagesFile, [...before, { name: stage.name, seconds, ok }, ...fromPrograms, ...sideParts]);
  if (!ok) {
    failed = true;
    break;
  }
}

const table = stageTable(readStages(stagesFile).slice(firstRecord));
console.log(`\n${failed ? "npm test FAILED" : "npm test passed"}:\n${table}`);
if (ownFile) fs.rmSync(path.dirname(stagesFile), { recursive: true, force: true });
process.exit(failed ? 1 : 0);

/** Runs one command; side by side with others, its output is held and written at once when it ends. */
function run({ name, command, env }: Command, side: boolean): Promise<{ name: string; ok: boolean; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      stdio: side ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.on("close", (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const ok = code === 0;
      if (side) {
        const how = ok ? "passed" : signal ? `killed (${signal})` : `FAILED (exit code ${code})`;
        console.log(`--- ${name}: ${how} in ${seconds.toFixed(0)} s${output.trim() ? "\n" + output.trimEnd() : ""}`);
      }
      resolve({ name, ok, seconds });
    });
  });
}
