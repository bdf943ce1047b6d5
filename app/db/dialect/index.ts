// The engine-specific SQL, one module per engine (SQLite now; PostgreSQL is issue 25's).
export * from "./sqlite";
