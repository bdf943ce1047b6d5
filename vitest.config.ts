import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "tests/unit/**/*.test.ts"],
    setupFiles: ["tests/unit/setup.ts"],
    pool: "forks",
    // A guard against a hung test, not a speed check: bcrypt-heavy tests take seconds on a busy machine.
    testTimeout: 30_000,
  },
});
