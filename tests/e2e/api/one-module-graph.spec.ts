import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

// The server that serves these tests runs one module graph (server/launch.ts): its edge and
// start-up (build/server/main.js) and the Remix routes (index.js) are one Rollup build, sharing
// chunks, so every module with state exists once. These are the modules both sides use.
const SHARED_STATE = [
  "function openDatabase(", // app/db/connection.server.ts: SQLite's connections
  "function openPgDatabase(", // app/db/pg-connection.server.ts: PostgreSQL's pool
  "function groupCommitter(", // app/db/group-commit.server.ts: the write queue
  "function inheritedStartupValues(", // app/config.server.ts: the session secret, the sandbox's keys
  "function withUploadScope(", // app/web/upload-files.server.ts: opened by the edge, filled by routes
  "function catalogueVersion(", // app/models/platform/catalogue-version.server.ts: the page cache's check
];

function builtFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return builtFiles(full);
    return entry.name.endsWith(".js") ? [full] : [];
  });
}

test("the server's edge and the routes share one copy of every module with state", () => {
  const sources = builtFiles(path.resolve("build/server")).map((file) => fs.readFileSync(file, "utf8"));
  expect(fs.existsSync(path.resolve("build/server/main.js"))).toBe(true);
  for (const definition of SHARED_STATE) {
    expect({ definition, copies: sources.filter((source) => source.includes(definition)).length }).toEqual({
      definition,
      copies: 1,
    });
  }
});

test("a value the edge sets at start-up is what the routes read (the payment sandbox's key)", async ({ request }) => {
  // server/run.server.ts starts the sandbox and hands its keys to app/config.server.ts; the route reads them there.
  expect(await (await request.get("/api/v1/stripeapi")).json()).toEqual({
    success: true,
    stripeApiKey: "pk_test_sandbox",
  });
});
