import pg from "pg";

// Databases on a PostgreSQL server, for tests, scripts and the bench: CREATE and DROP DATABASE run
// outside a transaction, on a connection of their own to the server's maintenance database.

/** Runs `statement` on the server `serverUrl` names (its "postgres" database, say). */
export async function onServer(serverUrl: string | URL, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server `serverUrl` names. */
export function databaseUrl(serverUrl: string | URL, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Makes database `name` (empty, or a copy of `template`) on the server and says its URL. */
export async function createDatabase(serverUrl: string | URL, name: string, template?: string): Promise<string> {
  await onServer(serverUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  return databaseUrl(serverUrl, name);
}
