// The engine-specific SQL, one folder per engine: sqlite/ now (conditions and errors, raw SQL,
// full-text search, the catalogue version, the rate limiter's store, migrate and backup);
// PostgreSQL's half is issue 25's, chosen here by DATABASE_URL.
export * from "./sqlite";
