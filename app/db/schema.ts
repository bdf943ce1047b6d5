// The tables models query, from the engine DATABASE_URL names (see ./engine.ts). Only SQLite's so far.
export * from "./schema.sqlite";
