import { config } from "~/config.server";
import * as pg from "./derived.pg";
import * as sqlite from "./derived.sqlite";

// The tables kept by triggers (order totals, the catalogue's version and changes), from the engine
// DATABASE_URL names; typed as SQLite's, as the models see every table (see ./schema.ts).
export const { orderTotals, catalogueVersionRow, catalogueChanges } = (config.databaseEngine === "pg"
  ? pg
  : sqlite) as unknown as typeof sqlite;
