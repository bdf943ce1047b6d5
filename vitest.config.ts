import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import os from "node:os";

// Every unit test that uses the database runs twice: on SQLite (project "sqlite") and on PostgreSQL
// (project "pg", a throwaway server started for the run). A test of one engine only is named
// *.sqlite.test.ts or *.pg.test.ts; a test that uses no database, *.nodb.test.ts, runs once (project
// "no-db").
const TESTS = ["app/**/*.test.ts", "server/**/*.test.ts", "tests/unit/**/*.test.ts"];

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    pool: "forks",
    // And each project's line in npm test's stage table (scripts/test/stage-log.ts).
    reporters: ["default", "./tests/unit/stage-reporter.ts"],
    // One fork per core, not Vitest's cores - 1: the files wait on PostgreSQL and bcrypt much of the
    // time, and on two cores one fork left the other idle (404 s against 287 s here).
    maxWorkers: os.availableParallelism(),
    minWorkers: 1,
    // A guard against a hung test, not a speed check: bcrypt-heavy tests take seconds on a busy machine.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "no-db",
          include: TESTS.map((glob) => glob.replace(".test.ts", ".nodb.test.ts")),
          setupFiles: ["tests/unit/setup-no-database.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "sqlite",
          include: TESTS,
          exclude: ["**/*.pg.test.ts", "**/*.nodb.test.ts", "**/node_modules/**"],
          setupFiles: ["tests/unit/setup.ts"],
          globalSetup: ["tests/unit/sqlite-global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "pg",
          include: TESTS,
          exclude: ["**/*.sqlite.test.ts", "**/*.nodb.test.ts", "**/node_modules/**"],
          setupFiles: ["tests/unit/setup.ts"],
          env: { SHOP_TEST_ENGINE: "pg" },
          globalSetup: ["tests/unit/pg-global-setup.ts"],
        },
      },
    ],
  },
});
