import {
  getTableColumns,
  type $Type,
  type HasDefault,
  type HasRuntimeDefault,
  type NotNull,
  type SQL,
  type Writable,
} from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import * as sqlite from "drizzle-orm/sqlite-core";

// The builders app/db/schema.shared.ts describes each table with, once: every column, index and key
// is built by both engines' drizzle builders side by side, with the same calls a hand-written schema
// of each engine would make, so that each engine's tables keep drizzle's own types and drizzle-kit
// sees in schema.sqlite.ts and schema.pg.ts what it saw before. table() returns SQLite's table (the
// one whose types models see, app/db/schema.ts) holding its PostgreSQL twin (pgTableOf). Where the
// engines differ (timestamps, booleans, JSON, doubles, 64-bit integers, identity keys), one builder
// says how, here.

type SqliteBuilder = sqlite.SQLiteColumnBuilderBase;
type PgBuilder = pg.PgColumnBuilderBase;
type ValueOf<B extends SqliteBuilder> = (B["_"] extends { $type: infer U } ? U : B["_"]["data"]) | SQL;
type OnDelete = "cascade" | "set null";
type PrimaryKeyOf<B, Base> = B extends { primaryKey(): infer K extends Base } ? K : never;
/** What the column classes of both engines do, as this module calls it (the types say what each returns). */
type Chain = {
  notNull(): Chain;
  default(value: unknown): Chain;
  $defaultFn(fn: () => unknown): Chain;
  $onUpdateFn(fn: () => unknown): Chain;
  primaryKey(): Chain;
  references(ref: () => sqlite.SQLiteColumn | pg.PgColumn, actions: { onDelete: OnDelete }): Chain;
};

const PG_TABLE: unique symbol = Symbol("its PostgreSQL table");
type WithPgTable = { readonly [PG_TABLE]: pg.PgTable };

/** The PostgreSQL table of a table() of app/db/schema.shared.ts. */
export const pgTableOf = <T extends WithPgTable>(table: T): T[typeof PG_TABLE] => table[PG_TABLE];

/** PostgreSQL's column of the same name as a SQLite column of a table(). */
function pgColumnOf(column: sqlite.SQLiteColumn): pg.PgColumn {
  const twin = pgTableOf(column.table as unknown as WithPgTable);
  const found = Object.values(getTableColumns(twin)).find((c) => c.name === column.name);
  if (!found) throw new Error(`No PostgreSQL column ${column.name}`);
  return found;
}

/** One column, as each engine builds it; each modifier is applied to both. */
export class ColumnPair<S extends SqliteBuilder, P extends PgBuilder> {
  constructor(
    readonly sqlite: S,
    readonly pg: P,
  ) {}

  /** The same change to both engines' builders. */
  private both<S2 extends SqliteBuilder, P2 extends PgBuilder>(change: (builder: Chain) => Chain): ColumnPair<S2, P2> {
    return new ColumnPair(change(this.sqlite as never) as never, change(this.pg as never) as never);
  }

  notNull() {
    return this.both<NotNull<S>, NotNull<P>>((b) => b.notNull());
  }

  default(value: ValueOf<S>) {
    return this.both<HasDefault<S>, HasDefault<P>>((b) => b.default(value));
  }

  $type<T>() {
    return this as unknown as ColumnPair<$Type<S, T>, $Type<P, T>>;
  }

  $defaultFn(fn: () => ValueOf<S>) {
    return this.both<HasRuntimeDefault<HasDefault<S>>, HasRuntimeDefault<HasDefault<P>>>((b) => b.$defaultFn(fn));
  }

  $onUpdateFn(fn: () => ValueOf<S>) {
    return this.both<HasDefault<S>, HasDefault<P>>((b) => b.$onUpdateFn(fn));
  }

  primaryKey() {
    return this.both<PrimaryKeyOf<S, SqliteBuilder>, PrimaryKeyOf<P, PgBuilder>>((b) => b.primaryKey());
  }

  /** A foreign key to a column of a table() (a thunk, as drizzle's), and on PostgreSQL to its twin. */
  references(column: () => sqlite.SQLiteColumn, actions: { onDelete: OnDelete }): this {
    (this.sqlite as unknown as Chain).references(column, actions);
    (this.pg as unknown as Chain).references(() => pgColumnOf(column()), actions);
    return this;
  }
}

export function text<N extends string, U extends string, T extends Readonly<[U, ...U[]]>>(
  name: N,
  config?: { enum: T | Writable<T> },
): ColumnPair<
  sqlite.SQLiteTextBuilderInitial<N, Writable<T>, number | undefined>,
  pg.PgTextBuilderInitial<N, Writable<T>>
> {
  return new ColumnPair(sqlite.text(name, config ?? {}), pg.text(name, config ?? {})) as never;
}

export const integer = <N extends string>(name: N) => new ColumnPair(sqlite.integer(name), pg.integer(name));

/** A 64-bit integer read as a number (epoch milliseconds): SQLite's integers are 64-bit already. */
export const bigint = <N extends string>(name: N) =>
  new ColumnPair(sqlite.integer(name), pg.bigint(name, { mode: "number" }));

/** A double: SQLite's real, PostgreSQL's double precision. */
export const real = <N extends string>(name: N) => new ColumnPair(sqlite.real(name), pg.doublePrecision(name));

/** A boolean: 0 or 1 on SQLite. */
export const boolean = <N extends string>(name: N) =>
  new ColumnPair(sqlite.integer(name, { mode: "boolean" }), pg.boolean(name));

/** A Date to the millisecond: epoch milliseconds on SQLite, timestamptz(3) on PostgreSQL. */
export const instant = <N extends string>(name: N) =>
  new ColumnPair(
    sqlite.integer(name, { mode: "timestamp_ms" }),
    pg.timestamp(name, { withTimezone: true, mode: "date", precision: 3 }),
  );

/** JSON: text on SQLite, jsonb on PostgreSQL. */
export const json = <N extends string>(name: N) => new ColumnPair(sqlite.text(name, { mode: "json" }), pg.jsonb(name));

/** Text of at most `length` characters on PostgreSQL; SQLite's text keeps no length. */
export const varchar = <N extends string, L extends number>(name: N, length: L) =>
  new ColumnPair(sqlite.text(name), pg.varchar(name, { length }));

/** An increasing integer key: AUTOINCREMENT on SQLite, an identity (by default) on PostgreSQL. */
export const serial = <N extends string>(name: N) =>
  new ColumnPair(
    sqlite.integer(name).primaryKey({ autoIncrement: true }),
    pg.integer(name).primaryKey().generatedByDefaultAsIdentity(),
  );

// Indexes and keys, named by the columns' keys (the `t` an extra-config callback of table() gets).

type Built = Record<string, sqlite.SQLiteColumn & pg.PgColumn>;
type Keys = [string, ...string[]];
/** An index or key of a table, as each engine builds it from that engine's columns. */
export type Extra = {
  sqlite: (columns: Built) => sqlite.SQLiteTableExtraConfigValue;
  pg: (columns: Built) => pg.PgTableExtraConfigValue;
};

type Picked = [sqlite.SQLiteColumn & pg.PgColumn, ...(sqlite.SQLiteColumn & pg.PgColumn)[]];
const pick = (columns: Built, keys: Keys) => keys.map((key) => columns[key]) as Picked;

/** `.on(...keys)` of an index or key that each engine makes with its own builder. */
const on =
  (
    onSqlite: (columns: Picked) => sqlite.SQLiteTableExtraConfigValue,
    onPg: (columns: Picked) => pg.PgTableExtraConfigValue,
  ) =>
  (...keys: Keys): Extra => ({ sqlite: (t) => onSqlite(pick(t, keys)), pg: (t) => onPg(pick(t, keys)) });

export const index = (name: string) => ({
  on: on(
    (c) => sqlite.index(name).on(...c),
    (c) => pg.index(name).on(...c),
  ),
});

export const uniqueIndex = (name: string) => ({
  on: on(
    (c) => sqlite.uniqueIndex(name).on(...c),
    (c) => pg.uniqueIndex(name).on(...c),
  ),
});

/**
 * A unique constraint on PostgreSQL, made with its table (before drizzle-kit's CREATE INDEX
 * statements: what a foreign key that refers to the columns needs); a unique index on SQLite.
 */
export const unique = (name: string) => ({
  on: on(
    (c) => sqlite.uniqueIndex(name).on(...c),
    (c) => pg.unique(name).on(...c),
  ),
});

export const primaryKey = ({ columns: keys }: { columns: Keys }): Extra =>
  on(
    (c) => sqlite.primaryKey({ columns: c }),
    (c) => pg.primaryKey({ columns: c }),
  )(...keys);

type Columns = Record<string, ColumnPair<SqliteBuilder, PgBuilder>>;
type Of<C extends Columns, E extends "sqlite" | "pg"> = { [K in keyof C]: C[K][E] };

/**
 * SQLite's table of the columns' SQLite builders (sqliteTable()), holding PostgreSQL's of their
 * PostgreSQL builders (pgTable(); pgTableOf). `extra` gets each column's key.
 */
export function table<N extends string, C extends Columns>(
  name: N,
  columns: C,
  extra?: (t: { [K in keyof C]: K & string }) => Extra[],
) {
  const builders = <E extends "sqlite" | "pg">(engine: E) =>
    Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, column[engine]])) as Of<C, E>;
  const extras = extra?.(Object.fromEntries(Object.keys(columns).map((key) => [key, key])) as never) ?? [];
  const onSqlite = sqlite.sqliteTable(
    name,
    builders("sqlite"),
    extra && ((t) => extras.map((e) => e.sqlite(t as never))),
  );
  const onPg = pg.pgTable(name, builders("pg"), extra && ((t) => extras.map((e) => e.pg(t as never))));
  return Object.defineProperty(onSqlite, PG_TABLE, { value: onPg }) as typeof onSqlite & {
    readonly [PG_TABLE]: typeof onPg;
  };
}
