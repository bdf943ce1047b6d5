import { databaseAnswers } from "~/models/platform";

// Liveness and readiness for the container's HEALTHCHECK: answers 200 only when the database answers.
export async function loader() {
  if (await databaseAnswers()) return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  return Response.json({ status: "error", message: "Database unavailable" }, { status: 503 });
}
