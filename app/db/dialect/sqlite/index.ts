// The SQLite half of the dialect: every piece of SQL, and every reading of a driver's answer, that
// differs between database engines. Models call these; they hold no engine-specific SQL themselves.
export * from "./sql";
export * from "./raw";
export * from "./search";
export * from "./catalogue-version";
export * from "./rate-limits";
export * from "./maintenance";
