import { defineConfig } from "drizzle-kit";

// SQLite's migrations (npm run db:generate makes both engines'; drizzle.pg.config.ts is the other).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.sqlite.ts",
  out: "./drizzle/sqlite",
});
