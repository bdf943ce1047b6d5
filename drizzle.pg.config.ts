import { defineConfig } from "drizzle-kit";

// PostgreSQL's migrations (npm run db:generate makes both engines'; drizzle.sqlite.config.ts is the other).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.pg.ts",
  out: "./drizzle/pg",
});
