import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getTableName, is, Table } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { migratedPgDatabase, type PgTestDatabase } from "../../tests/unit/pg-database";
import { openDatabase, type Connection } from "./connection.server";
import * as sqliteDerived from "./derived";
import * as pgDerived from "./derived.pg";
import { closeConnection, migrate } from "./dialect/sqlite/maintenance";
import * as sqliteSchema from "./schema.sqlite";
import * as pgSchema from "./schema.pg";

// The two engines' schemas must give models the same tables: the same exports, table and column
// names and JavaScript row types (checked by tsc, below), and migrations that make the same columns,
// NOT NULL-ness, indexes and foreign keys (checked on freshly migrated databases of both engines).

/** Each export of a schema module that is a table, with its row type. */
type Rows<M> = { [K in keyof M as M[K] extends Table ? K : never]: M[K] extends Table ? M[K]["$inferSelect"] : never };

expectTypeOf<Rows<typeof pgSchema>>().toEqualTypeOf<Rows<typeof sqliteSchema>>();
expectTypeOf<Rows<typeof pgDerived>>().toEqualTypeOf<Rows<typeof sqliteDerived>>();

/** What only one engine has, and why: nothing else may differ. */
const ENGINE_ONLY = {
  sqlite: {
    // The FTS5 index over products (drizzle/sqlite/0001) and the tables FTS5 keeps it in.
    tables: [
      "products_fts",
      "products_fts_config",
      "products_fts_data",
      "products_fts_docsize",
      "products_fts_idx",
      // AUTOINCREMENT's counters; drizzle's record of the migrations applied.
      "sqlite_sequence",
      "__drizzle_migrations",
    ],
    columns: [] as string[],
    indexes: [] as string[],
  },
  pg: {
    // drizzle keeps its record of the migrations in its own schema ("drizzle"), outside "public".
    // The catalogue's words for "did you mean", which SQLite reads from FTS5 (drizzle/pg/0004).
    tables: ["search_words", "search_words_version"],
    // The search's generated tsvector and its GIN index (drizzle/pg/0003_search.sql, app/db/fts.pg.ts).
    columns: ["products.search"],
    indexes: ["products.products_search_idx"],
  },
};

type Column = { table: string; column: string; notNull: boolean };
type Described = { tables: string[]; columns: Column[]; indexes: string[]; foreignKeys: string[] };

const sortedUnique = (values: string[]) => [...new Set(values)].sort();

/** The tables, columns, indexes (not the primary keys') and foreign keys of a migrated SQLite file. */
function describeSqlite(connection: Connection): Described {
  const client = connection.$client;
  const tables = client.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
  const columns: Column[] = [];
  const foreignKeys: string[] = [];
  for (const table of tables) {
    type Info = { name: string; type: string; notnull: number; pk: number };
    const info = client.prepare('SELECT name, type, "notnull", pk FROM pragma_table_info(?)').all(table) as Info[];
    const keyColumns = info.filter((c) => c.pk > 0);
    for (const c of info) {
      // An INTEGER PRIMARY KEY alone is the rowid, which is never NULL, NOT NULL written or not.
      const rowid = keyColumns.length === 1 && c.pk === 1 && c.type.toUpperCase() === "INTEGER";
      columns.push({ table, column: c.name, notNull: c.notnull === 1 || rowid });
    }
    type Fk = { from: string; table: string; to: string; on_delete: string };
    for (const fk of client.prepare("SELECT * FROM pragma_foreign_key_list(?)").all(table) as Fk[])
      foreignKeys.push(`${table}.${fk.from} -> ${fk.table}.${fk.to} ON DELETE ${fk.on_delete.toLowerCase()}`);
  }
  const indexes = client
    .prepare("SELECT tbl_name || '.' || name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
    .pluck()
    .all() as string[];
  return { tables, columns, indexes, foreignKeys };
}

/** The same, of a migrated PostgreSQL database's "public" schema. */
async function describePg(database: PgTestDatabase): Promise<Described> {
  const q = async <T>(text: string) => (await database.pool.query(text)).rows as T[];
  const tables = await q<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
  );
  const columns = await q<{ table: string; column: string; nullable: string }>(
    `SELECT table_name AS "table", column_name AS "column", is_nullable AS nullable
     FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  const indexes = await q<{ name: string }>(
    `SELECT t.relname || '.' || i.relname AS name
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
     WHERE t.relnamespace = 'public'::regnamespace AND NOT x.indisprimary`,
  );
  const onDelete: Record<string, string> = {
    a: "no action",
    r: "restrict",
    c: "cascade",
    n: "set null",
    d: "set default",
  };
  const foreignKeys = await q<{ from_table: string; from: string; to_table: string; to: string; del: string }>(
    `SELECT t.relname AS from_table, a.attname AS "from", ft.relname AS to_table, fa.attname AS "to", c.confdeltype AS del
     FROM pg_constraint c
     CROSS JOIN LATERAL unnest(c.conkey, c.confkey) AS k(col, fcol)
     JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class ft ON ft.oid = c.confrelid
     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.col
     JOIN pg_attribute fa ON fa.attrelid = c.confrelid AND fa.attnum = k.fcol
     WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
  );
  return {
    tables: tables.map((t) => t.name),
    columns: columns.map((c) => ({ table: c.table, column: c.column, notNull: c.nullable === "NO" })),
    indexes: indexes.map((i) => i.name),
    foreignKeys: foreignKeys.map(
      (f) => `${f.from_table}.${f.from} -> ${f.to_table}.${f.to} ON DELETE ${onDelete[f.del]}`,
    ),
  };
}

/** What both engines must have alike: one's description without its engine-only parts. */
function shared(described: Described, only: (typeof ENGINE_ONLY)["sqlite"]) {
  const tables = described.tables.filter((t) => !only.tables.includes(t));
  return {
    tables: sortedUnique(tables),
    columns: described.columns
      .filter((c) => tables.includes(c.table) && !only.columns.includes(`${c.table}.${c.column}`))
      .map((c) => `${c.table}.${c.column}${c.notNull ? " NOT NULL" : ""}`)
      .sort(),
    indexes: sortedUnique(described.indexes.filter((i) => !only.indexes.includes(i))),
    foreignKeys: sortedUnique(described.foreignKeys),
  };
}

/** The exports of a schema module that are tables: export name -> table name. */
const tableExports = (module: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(module)
      .filter(([, value]) => is(value, Table))
      .map(([name, table]) => [name, getTableName(table as Table)]),
  );

describe("the two engines' schemas", () => {
  it("export the same tables under the same names", () => {
    expect(tableExports(pgSchema)).toEqual(tableExports(sqliteSchema));
    expect(tableExports(pgDerived)).toEqual(tableExports(sqliteDerived));
    expect(Object.keys(tableExports(sqliteSchema)).length).toBeGreaterThan(10);
  });

  describe("once migrated", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-parity-"));
    let sqlite: Connection;
    let pg: PgTestDatabase;

    beforeAll(async () => {
      sqlite = openDatabase(path.join(dir, "shop.db"));
      await migrate(sqlite, path.resolve("drizzle", "sqlite"));
      pg = await migratedPgDatabase("parity");
    });

    afterAll(async () => {
      await pg?.drop();
      await closeConnection(sqlite);
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("have the same tables, columns, NOT NULL-ness, indexes and foreign keys", async () => {
      const onSqlite = shared(describeSqlite(sqlite), ENGINE_ONLY.sqlite);
      const onPg = shared(await describePg(pg), ENGINE_ONLY.pg);
      expect(onPg).toEqual(onSqlite);
      // Every table a schema module declares is among them, under its own columns.
      for (const table of [...Object.values(sqliteSchema), ...Object.values(sqliteDerived)].filter((t) => is(t, Table)))
        expect(onSqlite.tables).toContain(getTableName(table as Table));
    });

    it("list as engine-only only what one engine really has", async () => {
      const onSqlite = describeSqlite(sqlite);
      const onPg = await describePg(pg);
      expect(onSqlite.tables).toEqual(expect.arrayContaining(ENGINE_ONLY.sqlite.tables));
      expect(onPg.columns.map((c) => `${c.table}.${c.column}`)).toEqual(expect.arrayContaining(ENGINE_ONLY.pg.columns));
      expect(onPg.indexes).toEqual(expect.arrayContaining(ENGINE_ONLY.pg.indexes));
    });

    it("number orders from 1001 on PostgreSQL", async () => {
      const { rows } = await pg.pool.query<{ n: string }>("SELECT nextval('order_number_seq') AS n");
      expect(Number(rows[0].n)).toBe(1001);
    });
  });
});
