import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrate } from "~/db/dialect/pg/maintenance";
import { closePgDatabase, openPgDatabase } from "~/db/pg-connection.server";
import { createDatabase, onServer } from "../../tools/pg/databases";
import { startThrowawayCluster } from "../../tools/pg/throwaway-cluster";

// The Vitest project "pg": one PostgreSQL server for the run (a throwaway cluster, or PG_TEST_URL's
// server when set), and a database migrated once as the template every test file's database is
// copied from (tests/unit/setup.ts).

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const cluster = process.env.PG_TEST_URL ? null : await startThrowawayCluster();
  const serverUrl = process.env.PG_TEST_URL ?? cluster!.url;
  const template = `shop_template_${process.pid}`;
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${template}`);
  const connection = openPgDatabase(await createDatabase(serverUrl, template), { max: 1 });
  try {
    await migrate(connection, path.resolve("drizzle", "pg"));
  } finally {
    await closePgDatabase(connection);
  }
  project.provide("pgServerUrl", serverUrl);
  project.provide("pgTemplate", template);
  return async () => {
    await cluster?.stop();
  };
}
