import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** `column LIKE %text%` with the user's % and _ taken literally. */
export function likeAny(column: SQLWrapper, text: string): SQL {
  const pattern = `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}
