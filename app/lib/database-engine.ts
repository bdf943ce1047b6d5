/**
 * The two database engines the shop runs on: SQLite (a file, the default: one container, nothing
 * else to run) and PostgreSQL (a server, for shops that outgrow one machine).
 */
export type Engine = "sqlite" | "pg";

/** Which engine a DATABASE_URL names: PostgreSQL for postgres:// or postgresql://, else a SQLite file. */
export const engineOf = (databaseUrl: string): Engine => (/^postgres(ql)?:\/\//i.test(databaseUrl) ? "pg" : "sqlite");
