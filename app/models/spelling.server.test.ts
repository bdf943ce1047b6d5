import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { commitTogether } from "~/db/commit.server";
import { products } from "~/db/schema";
import { clearCatalogue, createProduct } from "../../tests/unit/fixtures";
import { suggestKeyword } from "./spelling.server";

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
});
