import pg from "pg";
import { beforeAll, expect, it } from "vitest";
import { config } from "~/config.server";
import { followCatalogueVersion } from "~/db/dialect";
import { catalogueVersion, catchUpCatalogueVersion } from "./catalogue-version.server";

beforeAll(() => followCatalogueVersion());

it("reads the version from the database for a known visitor: a change another node made is not read from before it", async () => {
  const before = catalogueVersion();
  expect(before).toBeGreaterThanOrEqual(0);
  // Another node's commit, as this process sees it before the notification arrives: the row moved,
  // nothing heard (a plain UPDATE of the row notifies nobody).
  const other = new pg.Client({ connectionString: config.databaseUrl });
  await other.connect();
  try {
    await other.query("UPDATE catalogue_version SET version = version + 5 WHERE id = 1");
  } finally {
    await other.end();
  }
  expect(catalogueVersion()).toBe(before);
  await catchUpCatalogueVersion();
  expect(catalogueVersion()).toBe(before + 5);
});
