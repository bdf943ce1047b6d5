import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { closeConnection, openDatabase } from "~/db/connection.server";
import { migrate } from "~/db/dialect/sqlite/maintenance";

// The Vitest project "sqlite": a database file migrated once, which every test file copies as its
// own (tests/unit/setup.ts) rather than applying every migration again.

declare module "vitest" {
  export interface ProvidedContext {
    sqliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-unit-template-"));
  const template = path.join(dir, "template.db");
  const connection = openDatabase(template, { durable: false });
  try {
    await migrate(connection, path.resolve("drizzle", "sqlite"));
  } finally {
    // Folds the WAL into the file: the copy is the whole database.
    await closeConnection(connection);
  }
  project.provide("sqliteTemplate", template);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
