// What PostgreSQL's error codes (SQLSTATE) mean to the shop.

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

// drizzle wraps a driver's error in its own (DrizzleQueryError) with the driver's as the cause.
const driverError = (error: unknown): unknown =>
  error instanceof Error && codeOf(error) === undefined && error.cause !== undefined ? error.cause : error;

/** Whether the server aborted the transaction to break a deadlock or a serialization conflict (run it again). */
export function isRetryable(error: unknown): boolean {
  const code = codeOf(driverError(error));
  return code === "40001" || code === "40P01";
}

/** Whether `error` is the server refusing a duplicate of a unique key (`on`: "table.column", to name which). */
export function isUniqueViolation(error: unknown, on?: string): boolean {
  const cause = driverError(error) as { code?: unknown; table?: unknown; constraint?: unknown; detail?: unknown };
  if (codeOf(cause) !== "23505") return false;
  if (on === undefined) return true;
  const [table, column] = on.split(".");
  return cause.table === table && typeof cause.detail === "string" && cause.detail.includes(`(${column})`);
}

/** Whether `error` says the database waited too long for a lock (the shop's lock_timeout). */
export const isBusy = (error: unknown) => codeOf(driverError(error)) === "55P03";
