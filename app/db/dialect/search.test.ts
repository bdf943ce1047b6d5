import { desc } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { clearCatalogue, createProduct } from "../../../tests/unit/fixtures";
import { db } from "../client.server";
import { products } from "../schema";
import { joinProducts, textIndex, textMatch, textQuery, textRank } from ".";

// The engine's full-text search (SQLite's FTS5 index, PostgreSQL's weighted tsvector) as the
// catalogue runs it: textQuery's words, textMatch's rows, textRank's order, ties newest first.

/** The names of the products `keyword` finds, best first. */
async function search(keyword: string): Promise<string[]> {
  const query = textQuery(keyword);
  if (query === null) return [];
  const found = await joinProducts(db.select({ name: products.name }).from(textIndex.table).$dynamic())
    .where(textMatch(query))
    .orderBy(textRank(query), desc(products.seq));
  return found.map((row) => row.name);
}

beforeEach(clearCatalogue);

describe("full-text search", () => {
  it("ignores accents and case, in the catalogue and in what is typed", async () => {
    await createProduct({ name: "Crème Brûlée Torch", description: "Caramelises sugar." });
    await createProduct({ name: "CAFE Table", description: "Seats four." });
    for (const typed of ["creme brulee", "CRÈME BRÛLÉE", "Crème", "brûlée TORCH"])
      expect(await search(typed), typed).toEqual(["Crème Brûlée Torch"]);
    for (const typed of ["café", "Cafe", "cafÉ table"]) expect(await search(typed), typed).toEqual(["CAFE Table"]);
    expect(await search("caramélisés")).toEqual(["Crème Brûlée Torch"]);
  });

  it("matches the last word as a prefix, and every other word whole", async () => {
    await createProduct({ name: "Apple MacBook Pro" });
    await createProduct({ name: "Apple Magic Mouse" });
    expect(await search("macb")).toEqual(["Apple MacBook Pro"]);
    expect(await search("apple ma")).toEqual(["Apple Magic Mouse", "Apple MacBook Pro"]);
    expect(await search("apple magic m")).toEqual(["Apple Magic Mouse"]);
    // Only the last word is a prefix: "mag" is no word of either product.
    expect(await search("mag mouse")).toEqual([]);
    expect(await search("appl")).toEqual(["Apple Magic Mouse", "Apple MacBook Pro"]);
    expect(await search("apple macbook pros")).toEqual([]);
  });

  it("splits words at punctuation, in the catalogue as in what is typed", async () => {
    await createProduct({ name: "USB-C Hub 3.0", description: "Charges at 1.5A; firmware v2.1." });
    await createProduct({ name: "Wi-Fi 6E Router", description: "Setup by e-mail." });
    for (const typed of ["usb 3.0", "usb-c hub", "hub 3", "1.5a", "v2.1", "firmware v2"])
      expect(await search(typed), typed).toEqual(["USB-C Hub 3.0"]);
    for (const typed of ["wi-fi", "wi fi", "e-mail", "fi 6e router"])
      expect(await search(typed), typed).toEqual(["Wi-Fi 6E Router"]);
    // The words are "wi" and "fi": "wifi" is none of them.
    expect(await search("wifi 6e")).toEqual([]);
  });

  it("needs every word: a product holding only some is not found", async () => {
    await createProduct({ name: "Steel kettle", description: "Boils water." });
    await createProduct({ name: "Glass kettle", description: "Boils water too." });
    expect(await search("glass kettle")).toEqual(["Glass kettle"]);
    expect(await search("glass teapot")).toEqual([]);
  });

  it("ranks a hit in the name above one in the category, the seller, then the description", async () => {
    const plain = { description: "A plain thing.", category: "Home", seller: "Shop" } as const;
    // Created oldest first, so that newest-first ties would give the opposite order.
    await createProduct({ ...plain, name: "Outdoor stand" });
    await createProduct({ ...plain, name: "Bag one", category: "Outdoor" });
    await createProduct({ ...plain, name: "Bag two", seller: "Outdoor" });
    await createProduct({ ...plain, name: "Bag three", description: "Made for outdoor use." });
    expect(await search("outdoor")).toEqual(["Outdoor stand", "Bag one", "Bag two", "Bag three"]);
  });

  it("orders equal hits newest first", async () => {
    for (const name of ["Lamp one", "Lamp two", "Lamp three"]) await createProduct({ name });
    expect(await search("lamp")).toEqual(["Lamp three", "Lamp two", "Lamp one"]);
  });
});
