import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getTableName, is, SQL, Table, type Column as DrizzleColumn } from "drizzle-orm";
import { getTableConfig as pgTableConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { migratedPgDatabase, type PgTestDatabase } from "../../tests/unit/pg-database";
import { openDatabase, type Connection } from "./connection.server";
import * as sqliteDerived from "./derived";
import * as pgDerived from "./derived.pg";
import { closeConnection, migrate } from "./dialect/sqlite/maintenance";
import * as sqliteSchema from "./schema.sqlite";
import * as pgSchema from "./schema.pg";

// The two engines' schemas (both built from app/db/schema.shared.ts) must give models the same
// tables: the same exports, table and column names and JavaScript row types (checked by tsc, below);
// the same columns (JavaScript kind, NOT NULL, defaults, enums, keys), indexes and keys as drizzle
// holds them; and migrations that make, on freshly migrated databases of both engines, the same
// tables, columns (types mapped per engine), NOT NULL-ness, defaults, indexes and keys, each what
// its engine's schema declares (migrations are the databases' source of truth: the schema must match).

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
    // SQLite adds a NOT NULL column only with a default (drizzle/sqlite/0006 then numbered the orders
    // made before it); the schema has none, as the dialect always inserts the next number.
    defaults: ["orders.order_number"],
  },
  pg: {
    // drizzle keeps its record of the migrations in its own schema ("drizzle"), outside "public".
    // The catalogue's words for "did you mean", which SQLite reads from FTS5 (drizzle/pg/0004).
    tables: ["search_words", "search_words_version"],
    // The search's generated tsvector and its GIN index (drizzle/pg/0003_search.sql, app/db/fts.pg.ts).
    columns: ["products.search"],
    indexes: ["products.products_search_idx"],
    defaults: [] as string[],
  },
};

type Only = (typeof ENGINE_ONLY)["sqlite"];
/** A column as a database describes it: its type is the engine's own, lower case. */
type Column = {
  table: string;
  column: string;
  notNull: boolean;
  /** SQLite's declared type; PostgreSQL's information_schema data_type (no length or precision). */
  type: string;
  /** The type with its length or precision: drizzle's getSQLType() of the column, written by the engine. */
  sqlType: string;
  default: string | null;
};
type Index = { table: string; name: string; columns: string[]; unique: boolean };
type Described = {
  tables: string[];
  columns: Column[];
  indexes: Index[];
  primaryKeys: string[];
  foreignKeys: string[];
};

/**
 * What each PostgreSQL type is on SQLite, as the schema builders map them (app/db/schema-builders.ts):
 * booleans and timestamps are integers there, JSON text, 64-bit integers integers, doubles reals.
 */
const SQLITE_TYPE_OF_PG: Record<string, string> = {
  text: "text",
  "character varying": "text",
  jsonb: "text",
  integer: "integer",
  bigint: "integer",
  boolean: "integer",
  "timestamp with time zone": "integer",
  "double precision": "real",
};

const sortedUnique = (values: string[]) => [...new Set(values)].sort();
const indexLine = (i: Index) => `${i.table}.${i.name} (${i.columns.join(", ")})${i.unique ? " UNIQUE" : ""}`;
const foreignKeyLine = (table: string, from: string[], to: string, toColumns: string[], onDelete: string) =>
  `${table}(${from.join(", ")}) -> ${to}(${toColumns.join(", ")}) ON DELETE ${onDelete}`;

/** The tables, columns, indexes (not the primary keys') and keys of a migrated SQLite file. */
function describeSqlite(connection: Connection): Described {
  const client = connection.$client;
  const tables = client.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
  const described: Described = { tables, columns: [], indexes: [], primaryKeys: [], foreignKeys: [] };
  for (const table of tables) {
    type Info = { name: string; type: string; notnull: number; pk: number; dflt_value: string | null };
    const info = client.prepare("SELECT * FROM pragma_table_info(?)").all(table) as Info[];
    const keyColumns = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    for (const c of info) {
      // An INTEGER PRIMARY KEY alone is the rowid, which is never NULL, NOT NULL written or not.
      const rowid = keyColumns.length === 1 && c.pk === 1 && c.type.toUpperCase() === "INTEGER";
      described.columns.push({
        table,
        column: c.name,
        notNull: c.notnull === 1 || rowid,
        type: c.type.toLowerCase(),
        sqlType: c.type.toLowerCase(),
        default: c.dflt_value,
      });
    }
    if (keyColumns.length > 0) described.primaryKeys.push(`${table}(${keyColumns.map((c) => c.name).join(", ")})`);
    type Fk = { id: number; seq: number; from: string; table: string; to: string; on_delete: string };
    const fks = client.prepare("SELECT * FROM pragma_foreign_key_list(?) ORDER BY id, seq").all(table) as Fk[];
    for (const id of new Set(fks.map((fk) => fk.id))) {
      const parts = fks.filter((fk) => fk.id === id);
      described.foreignKeys.push(
        foreignKeyLine(
          table,
          parts.map((fk) => fk.from),
          parts[0].table,
          parts.map((fk) => fk.to),
          parts[0].on_delete.toLowerCase(),
        ),
      );
    }
    // The indexes made by CREATE INDEX (a key's own index, made with the table, is the key's).
    type IndexRow = { name: string; unique: number; origin: string };
    for (const index of client
      .prepare("SELECT * FROM pragma_index_list(?) WHERE origin = 'c'")
      .all(table) as IndexRow[]) {
      const columns = client.prepare("SELECT name FROM pragma_index_info(?) ORDER BY seqno").pluck().all(index.name);
      described.indexes.push({ table, name: index.name, columns: columns as string[], unique: index.unique === 1 });
    }
  }
  return described;
}

/** The same, of a migrated PostgreSQL database's "public" schema. */
async function describePg(database: PgTestDatabase): Promise<Described> {
  const q = async <T>(text: string) => (await database.pool.query(text)).rows as T[];
  const tables = await q<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
  );
  type Row = {
    table: string;
    column: string;
    nullable: string;
    type: string;
    sql_type: string;
    default: string | null;
  };
  const columns = await q<Row>(
    `SELECT table_name AS "table", column_name AS "column", is_nullable AS nullable, data_type AS type,
       column_default AS default,
       (SELECT format_type(a.atttypid, a.atttypmod) FROM pg_attribute a
        WHERE a.attrelid = format('public.%I', table_name)::regclass AND a.attname = column_name) AS sql_type
     FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  // Every index with its columns in order, and whether it is the primary key's.
  const indexes = await q<{ table: string; name: string; columns: string[]; unique: boolean; primary: boolean }>(
    `SELECT t.relname AS "table", i.relname AS name, x.indisunique AS unique, x.indisprimary AS primary,
       array(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY AS k(col, n)
             JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.col ORDER BY k.n)::text[] AS columns
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
     WHERE t.relnamespace = 'public'::regnamespace`,
  );
  const onDelete: Record<string, string> = {
    a: "no action",
    r: "restrict",
    c: "cascade",
    n: "set null",
    d: "set default",
  };
  const foreignKeys = await q<{ from_table: string; from: string[]; to_table: string; to: string[]; del: string }>(
    `SELECT t.relname AS from_table, ft.relname AS to_table, c.confdeltype AS del,
       array(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY AS k(col, n)
             JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.col ORDER BY k.n)::text[] AS "from",
       array(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY AS k(col, n)
             JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.col ORDER BY k.n)::text[] AS "to"
     FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class ft ON ft.oid = c.confrelid
     WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
  );
  return {
    tables: tables.map((t) => t.name),
    columns: columns.map((c) => ({
      table: c.table,
      column: c.column,
      notNull: c.nullable === "NO",
      type: c.type,
      sqlType: c.sql_type,
      default: c.default,
    })),
    indexes: indexes
      .filter((i) => !i.primary)
      .map(({ table, name, columns, unique }) => ({ table, name, columns, unique })),
    primaryKeys: indexes.filter((i) => i.primary).map((i) => `${i.table}(${i.columns.join(", ")})`),
    foreignKeys: foreignKeys.map((f) => foreignKeyLine(f.from_table, f.from, f.to_table, f.to, onDelete[f.del])),
  };
}

/** A column's default as both engines write it: PostgreSQL's without its cast ('[]'::jsonb is '[]'). */
const defaultOf = (value: string | null) => value?.replace(/::[a-z ]+$/, "") ?? null;

/** A column's line in a description: its type, NOT NULL-ness and default (unless one engine's own). */
function columnLine(c: Column, type: string, defaults: string[]) {
  const name = `${c.table}.${c.column}`;
  return `${name} ${type}${c.notNull ? " NOT NULL" : ""} DEFAULT ${defaults.includes(name) ? "(the engine's)" : defaultOf(c.default)}`;
}

/** What both engines must have alike: one's description without its engine-only parts, in SQLite's types. */
function shared(described: Described, only: Only, typeOf = (type: string) => type) {
  const tables = described.tables.filter((t) => !only.tables.includes(t));
  return {
    tables: sortedUnique(tables),
    columns: described.columns
      .filter((c) => tables.includes(c.table) && !only.columns.includes(`${c.table}.${c.column}`))
      .map((c) => columnLine(c, typeOf(c.type), [...ENGINE_ONLY.sqlite.defaults, ...ENGINE_ONLY.pg.defaults]))
      .sort(),
    indexes: sortedUnique(
      described.indexes.filter((i) => !only.indexes.includes(`${i.table}.${i.name}`)).map(indexLine),
    ),
    primaryKeys: sortedUnique(described.primaryKeys.filter((k) => tables.includes(k.split("(")[0]))),
    foreignKeys: sortedUnique(described.foreignKeys),
  };
}

/** A default as the migrations write it: a string quoted, JSON as its text. */
function sqlLiteral(value: unknown): string | null {
  if (value === undefined) return null;
  if (is(value, SQL)) return "(sql)";
  if (typeof value === "string") return `'${value}'`;
  if (typeof value === "object") return `'${JSON.stringify(value)}'`;
  return String(value);
}

/** drizzle's name for a column's type, as the engine writes it back (varchar(255): character varying(255)). */
const engineType = (sqlType: string) =>
  sqlType.replace(/^varchar\b/, "character varying").replace(/^timestamp \(/, "timestamp(");

/**
 * The tables of a schema module as drizzle holds them, described as a migrated database is (columns
 * in the engine's own types), and what models see of each column: its JavaScript kind, NOT
 * NULL-ness, default (a value, or a function drizzle calls), enum and key.
 */
function declared(module: Record<string, unknown>) {
  const described: Described = { tables: [], columns: [], indexes: [], primaryKeys: [], foreignKeys: [] };
  const models: string[] = [];
  for (const table of Object.values(module)) {
    const config = is(table, PgTable) ? pgTableConfig(table) : is(table, SQLiteTable) ? sqliteTableConfig(table) : null;
    if (!config) continue;
    const name = config.name;
    const names = (columns: DrizzleColumn[]) => columns.map((c) => c.name);
    described.tables.push(name);
    for (const c of config.columns as DrizzleColumn[]) {
      described.columns.push({
        table: name,
        column: c.name,
        notNull: c.notNull,
        type: "",
        sqlType: engineType(c.getSQLType()),
        default: sqlLiteral(c.default),
      });
      const increments = "autoIncrement" in c ? c.autoIncrement : c.generatedIdentity !== undefined;
      models.push(
        [
          `${name}.${c.name}: ${c.dataType}${c.notNull ? " NOT NULL" : ""}`,
          `default ${sqlLiteral(c.default)}${c.defaultFn ? " and a function" : ""}${c.onUpdateFn ? ", on update" : ""}`,
          c.enumValues ? `enum ${c.enumValues.join("|")}` : "",
          c.primary ? "primary key" : "",
          increments ? "increments" : "",
        ].join(" "),
      );
    }
    const keyColumns = config.columns.filter((c) => c.primary) as DrizzleColumn[];
    for (const key of [...config.primaryKeys.map((k) => k.columns as DrizzleColumn[]), keyColumns].filter(
      (k) => k.length,
    ))
      described.primaryKeys.push(`${name}(${names(key).join(", ")})`);
    for (const i of config.indexes)
      described.indexes.push({
        table: name,
        name: i.config.name ?? "",
        columns: names(i.config.columns as DrizzleColumn[]),
        unique: i.config.unique ?? false,
      });
    // A unique constraint (PostgreSQL's products_id_unique) has an index of its name.
    for (const u of config.uniqueConstraints)
      described.indexes.push({ table: name, name: u.name ?? "", columns: names(u.columns), unique: true });
    for (const fk of config.foreignKeys) {
      const { columns, foreignColumns, foreignTable } = fk.reference();
      described.foreignKeys.push(
        foreignKeyLine(
          name,
          names(columns),
          getTableName(foreignTable),
          names(foreignColumns),
          fk.onDelete ?? "no action",
        ),
      );
    }
  }
  return { described, models: models.sort() };
}

/** Of a database's description, what `declared` says of the same tables, for comparing them. */
function asDeclared(described: Described, tables: string[], only: Only) {
  const mine = (table: string) => tables.includes(table);
  return {
    tables: sortedUnique(described.tables.filter(mine)),
    columns: described.columns
      .filter((c) => mine(c.table) && !only.columns.includes(`${c.table}.${c.column}`))
      .map((c) => columnLine(c, c.sqlType, only.defaults))
      .sort(),
    indexes: sortedUnique(
      described.indexes.filter((i) => mine(i.table) && !only.indexes.includes(`${i.table}.${i.name}`)).map(indexLine),
    ),
    primaryKeys: sortedUnique(described.primaryKeys.filter((k) => mine(k.split("(")[0]))),
    foreignKeys: sortedUnique(described.foreignKeys.filter((k) => mine(k.split("(")[0]))),
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

  it("declare the same columns (JavaScript kind, NOT NULL, defaults, enums, keys), indexes and keys", () => {
    const onSqlite = declared(sqliteSchema);
    const onPg = declared(pgSchema);
    expect(onPg.models).toEqual(onSqlite.models);
    const portable = ({ tables, indexes, primaryKeys, foreignKeys }: Described) => ({
      tables: sortedUnique(tables),
      indexes: sortedUnique(indexes.map(indexLine)),
      primaryKeys: sortedUnique(primaryKeys),
      foreignKeys: sortedUnique(foreignKeys),
    });
    expect(portable(onPg.described)).toEqual(portable(onSqlite.described));
    expect(onSqlite.models.length).toBeGreaterThan(100);
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

    it("have the same tables, columns, types, NOT NULL-ness, defaults, indexes and keys", async () => {
      const onSqlite = shared(describeSqlite(sqlite), ENGINE_ONLY.sqlite);
      const onPg = shared(await describePg(pg), ENGINE_ONLY.pg, (type) => SQLITE_TYPE_OF_PG[type] ?? `pg ${type}`);
      expect(onPg).toEqual(onSqlite);
      // Every table a schema module declares is among them, under its own columns.
      for (const table of [...Object.values(sqliteSchema), ...Object.values(sqliteDerived)].filter((t) => is(t, Table)))
        expect(onSqlite.tables).toContain(getTableName(table as Table));
    });

    it("are what each engine's migrations made: columns in its types, defaults, indexes and keys", async () => {
      for (const [module, database, only] of [
        [sqliteSchema, describeSqlite(sqlite), ENGINE_ONLY.sqlite],
        [pgSchema, await describePg(pg), ENGINE_ONLY.pg],
      ] as const) {
        const { described } = declared(module);
        const expected = asDeclared(described, described.tables, only);
        expect(asDeclared(database, described.tables, only)).toEqual(expected);
      }
    });

    it("list as engine-only only what one engine really has", async () => {
      const onSqlite = describeSqlite(sqlite);
      const onPg = await describePg(pg);
      expect(onSqlite.tables).toEqual(expect.arrayContaining(ENGINE_ONLY.sqlite.tables));
      const sqliteDefaults = onSqlite.columns.filter((c) => c.default !== null).map((c) => `${c.table}.${c.column}`);
      expect(sqliteDefaults).toEqual(expect.arrayContaining(ENGINE_ONLY.sqlite.defaults));
      expect(onPg.columns.map((c) => `${c.table}.${c.column}`)).toEqual(expect.arrayContaining(ENGINE_ONLY.pg.columns));
      expect(onPg.indexes.map((i) => `${i.table}.${i.name}`)).toEqual(expect.arrayContaining(ENGINE_ONLY.pg.indexes));
    });

    it("number orders from 1001 on PostgreSQL", async () => {
      const { rows } = await pg.pool.query<{ n: string }>("SELECT nextval('order_number_seq') AS n");
      expect(Number(rows[0].n)).toBe(1001);
    });
  });
});
