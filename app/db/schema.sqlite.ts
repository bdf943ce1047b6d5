// SQLite's tables: those of the one description, ./schema.shared.ts (drizzle.sqlite.config.ts reads
// this file; relative paths, as drizzle-kit reads it without the app's "~" alias).
export * from "./schema.shared";
