import { asc, desc, type SQLWrapper } from "drizzle-orm";
import type { AnyColumn } from "drizzle-orm";

/** ORDER BY for a table's chosen column and direction. */
export function sortBy(column: AnyColumn | SQLWrapper, dir: "asc" | "desc") {
  return dir === "asc" ? asc(column) : desc(column);
}
