import { db } from "~/db/client.server";
import { catalogueVersionRow } from "~/db/derived";
import { logServerError } from "./server-errors.server";

/** Whether the database answers a query (the container's health check): it reads its smallest table, one row. */
export async function databaseAnswers(): Promise<boolean> {
  try {
    await db.select({ version: catalogueVersionRow.version }).from(catalogueVersionRow).limit(1);
    return true;
  } catch (error) {
    logServerError(error, "healthz: database check failed");
    return false;
  }
}
