import { config } from "~/config.server";
import * as pg from "./pg";
import * as sqlite from "./sqlite";

// The engine-specific SQL, one folder per engine, the same names in each: conditions and errors,
// raw SQL, full-text search, the catalogue version, the rate limiter's store, migrate and backup.
// The engine is the one DATABASE_URL names.

// The PostgreSQL half must offer everything the SQLite half does, in the same types.
const pgDialect: typeof sqlite = pg;
const dialect = config.databaseEngine === "pg" ? pgDialect : sqlite;

export const {
  inList,
  listParam,
  containsText,
  isUniqueViolation,
  isBusy,
  lockRows,
  lockedRead,
  lockName,
  whileHolding,
  databaseUnreachable,
  databaseGone,
  whyUnreachable,
  nextOrderNumber,
  msPlaceholder,
  rowsAffected,
  execute,
  rows,
  textQuery,
  textIndex,
  joinProducts,
  textMatch,
  textRank,
  searchVocabulary,
  vocabularyVersion,
  catalogueVersion,
  catchUpCatalogueVersion,
  followCatalogueVersion,
  rateLimiterStore,
  migrate,
  backup,
  closeConnection,
} = dialect;

export type { RateLimiterStore } from "./sqlite";
export { preparedOnce, preparedPerShape } from "../prepared";
