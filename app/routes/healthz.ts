import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";

// Liveness and readiness for the container's HEALTHCHECK: answers 200 only when SQLite answers.
export async function loader() {
  try {
    db.get(sql`select 1`);
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("healthz: database check failed", error);
    return Response.json({ status: "error", message: "Database unavailable" }, { status: 503 });
  }
}
