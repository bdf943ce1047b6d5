import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";

/** Whether SQLite answers a query (the container's health check). */
export function databaseAnswers(): boolean {
  try {
    db.get(sql`select 1`);
    return true;
  } catch (error) {
    console.error("healthz: database check failed", error);
    return false;
  }
}
