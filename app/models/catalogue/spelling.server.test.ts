import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { config } from "~/config.server";
import { commitTogether } from "~/db/commit.server";
import { products } from "~/db/schema";
import { clearCatalogue, createProduct } from "../../../tests/unit/fixtures";
import { followCatalogueVersion } from "~/db/dialect";
import { suggestKeyword } from "./spelling.server";

// How many times the catalogue's words are read from the database.
const vocabularyReads = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/db/dialect", async (importOriginal) => {
  const dialect = await importOriginal<typeof import("~/db/dialect")>();
  return {
    ...dialect,
    searchVocabulary: (...args: Parameters<typeof dialect.searchVocabulary>) => {
      vocabularyReads.count++;
      return dialect.searchVocabulary(...args);
    },
  };
});

// On SQLite the words are kept while the catalogue's version is known (on PostgreSQL, once followed).
beforeAll(() => followCatalogueVersion());

beforeEach(async () => {
  await clearCatalogue();
  await createProduct({
    name: "Apple MacBook Air",
    description: "A light laptop with a bright display.",
    category: "Laptops",
  });
  await createProduct({
    name: "Sony Headphones",
    description: "Wireless noise cancelling headphones.",
    category: "Headphones",
  });
});

describe("suggestKeyword", () => {
  it("suggests the nearest catalogue word for a misspelt one", async () => {
    expect(await suggestKeyword("macbok")).toBe("macbook");
    expect(await suggestKeyword("Hedphones")).toBe("headphones");
  });

  it("works per word and keeps the words the catalogue knows", async () => {
    expect(await suggestKeyword("wireles headphnes")).toBe("wireless headphones");
    expect(await suggestKeyword("apple macbok")).toBe("apple macbook");
  });

  it("keeps a last word that is the start of a catalogue word", async () => {
    expect(await suggestKeyword("aple macb")).toBe("apple macb");
  });

  it("suggests nothing when no word is close, or when nothing is misspelt", async () => {
    expect(await suggestKeyword("zzqqxx")).toBeNull();
    expect(await suggestKeyword("macbook")).toBeNull();
    expect(await suggestKeyword("!!!")).toBeNull();
  });

  it("suggests nothing when the corrected words still find nothing together", async () => {
    // Both words exist, but no product holds both.
    expect(await suggestKeyword("sonny macbook")).toBeNull();
  });

  it("follows the catalogue as it changes", async () => {
    expect(await suggestKeyword("chromebok")).toBeNull();
    await commitTogether((tx) =>
      tx.update(products).set({ name: "Acer Chromebook" }).where(eq(products.name, "Apple MacBook Air")),
    );
    expect(await suggestKeyword("chromebok")).toBe("chromebook");
    expect(await suggestKeyword("macbok")).toBeNull();
  });

  it("reads the catalogue's words once per version of them, once for asks at the same time", async () => {
    const before = vocabularyReads.count;
    expect(await Promise.all(["macbok", "headphnes", "laptp"].map(suggestKeyword))).toEqual([
      "macbook",
      "headphones",
      "laptop",
    ]);
    expect(await suggestKeyword("sonny")).toBe("sony");
    expect(vocabularyReads.count - before).toBe(1);
    await commitTogether((tx) => tx.update(products).set({ stock: 3 }).where(eq(products.name, "Sony Headphones")));
    expect(await suggestKeyword("sonny")).toBe("sony");
    // SQLite's words follow the catalogue's version; PostgreSQL's have their own, which stock leaves alone.
    const afterStock = config.databaseEngine === "pg" ? 1 : 2;
    expect(vocabularyReads.count - before).toBe(afterStock);
    await commitTogether((tx) =>
      tx.update(products).set({ name: "Sony Headphones Pro" }).where(eq(products.name, "Sony Headphones")),
    );
    expect(await suggestKeyword("headphnes")).toBe("headphones");
    expect(vocabularyReads.count - before).toBe(afterStock + 1);
  });
});
