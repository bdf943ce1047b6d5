import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { commitTogether } from "~/db/commit.server";
import { followCatalogueVersion } from "~/db/dialect";
import { shopSettings } from "~/db/schema";
import { defaultShopSettings } from "~/lib/shop-settings";
import { getShopSettings, saveShopSettings, shopMoney } from "./shop-settings.server";
import { addCategories } from "../../../tests/unit/fixtures";

// The owner's settings, on both engines: defaults until saved, saved over what is kept, read from
// memory until a write, and pictures kept, replaced and removed with the settings.

beforeAll(() => followCatalogueVersion());
beforeEach(async () => {
  await commitTogether((tx) => tx.delete(shopSettings));
});

const png = fs.readFileSync("public/images/profile.png");
const storedFile = (url: string | null) =>
  url ? fs.existsSync(path.join(config.uploadsDir, url.replace(/^\/uploads\//, ""))) : false;

describe("the shop's settings", () => {
  it("are neutral until the owner saves any (its name from SHOP_NAME; the demo seed saves the specification's)", async () => {
    expect(await getShopSettings()).toEqual(defaultShopSettings(config.shopName));
    expect((await shopMoney())(109900)).toBe("$1,099.00");
  });

  it("are read from memory until they change, and a save shows at once", async () => {
    const first = await getShopSettings();
    expect(await getShopSettings()).toBe(first);
    await saveShopSettings({ name: "Volt", currency: "EUR", locale: "de-DE" });
    const saved = await getShopSettings();
    expect(saved).not.toBe(first);
    expect([saved.name, saved.currency, saved.heroTitle]).toEqual(["Volt", "EUR", first.heroTitle]);
    expect((await shopMoney())(109900).replace(/\s/g, " ")).toBe("1.099,00 €");
    expect(await getShopSettings()).toBe(saved);
  });

  it("take some settings at a time (the API), each over what is kept", async () => {
    await addCategories("Cameras", "Books");
    await saveShopSettings({ name: "Volt" });
    await saveShopSettings({ heroTitle: "Cameras for everyone", heroCategories: ["Cameras"] });
    const settings = await getShopSettings();
    expect([settings.name, settings.heroTitle, settings.heroCategories]).toEqual([
      "Volt",
      "Cameras for everyone",
      ["Cameras"],
    ]);
  });

  it("take the home page's categories from the shop's own: all of those listed read as all, new ones included", async () => {
    await addCategories("Cameras", "Books");
    await expect(saveShopSettings({ heroCategories: ["Cameras", "Toys"] })).rejects.toMatchObject({
      status: 400,
      field: "heroCategories",
      message: "Choose categories from the list",
    });
    await saveShopSettings({ heroCategories: ["Books", "Cameras"] });
    expect((await getShopSettings()).heroCategories).toBeNull();
    await saveShopSettings({ heroCategories: [] });
    expect((await getShopSettings()).heroCategories).toEqual([]);
  });

  it("two owners saving at once: both changes are kept", async () => {
    await Promise.all([saveShopSettings({ name: "Both" }), saveShopSettings({ contactEmail: "both@example.com" })]);
    const settings = await getShopSettings();
    expect([settings.name, settings.contactEmail]).toEqual(["Both", "both@example.com"]);
  });

  it("refuse a hero button without its link, beside the field, and keep what was saved", async () => {
    await saveShopSettings({ name: "Kept" });
    await expect(saveShopSettings({ name: "Lost", heroLinkLabel: "Shop now", heroLink: "" })).rejects.toMatchObject({
      status: 400,
      field: "heroLink",
      message: "Enter where the button leads",
    });
    expect((await getShopSettings()).name).toBe("Kept");
  });

  it("read a stored value that no longer passes its check as its default, and the others as stored", async () => {
    await commitTogether((tx) =>
      tx.insert(shopSettings).values({
        id: 1,
        settings: { name: "Stored", currency: "XBT", heroCategories: [42], logoUrl: "javascript:x" },
        updatedAt: new Date(),
      }),
    );
    const settings = await getShopSettings();
    expect([settings.name, settings.currency, settings.heroCategories, settings.logoUrl]).toEqual([
      "Stored",
      "USD",
      defaultShopSettings("x").heroCategories,
      null,
    ]);
    await commitTogether((tx) =>
      tx.update(shopSettings).set({ settings: "not a document" }).where(eq(shopSettings.id, 1)),
    );
    expect((await getShopSettings()).name).toBe(config.shopName);
  });

  it("keep a logo and a hero picture, replace them, and remove them, with their files", async () => {
    const first = await saveShopSettings(
      {},
      { logo: { upload: png, remove: false }, heroImage: { upload: png, remove: false } },
    );
    expect(first.logoUrl).toMatch(/^\/uploads\/shop\/[a-z0-9]+\.webp$/);
    expect([storedFile(first.logoUrl), storedFile(first.heroImageUrl)]).toEqual([true, true]);

    const replaced = await saveShopSettings({ name: "New logo" }, { logo: { upload: png, remove: false } });
    expect(replaced.logoUrl).not.toBe(first.logoUrl);
    expect(replaced.heroImageUrl).toBe(first.heroImageUrl);
    expect([storedFile(first.logoUrl), storedFile(replaced.logoUrl)]).toEqual([false, true]);

    const removed = await saveShopSettings({}, { heroImage: { upload: null, remove: true } });
    expect([removed.logoUrl, removed.heroImageUrl]).toEqual([replaced.logoUrl, null]);
    expect(storedFile(first.heroImageUrl)).toBe(false);
  });

  it("refuse a file that is no picture beside its own field, and store nothing", async () => {
    const before = fs.existsSync(path.join(config.uploadsDir, "shop"))
      ? fs.readdirSync(path.join(config.uploadsDir, "shop"))
      : [];
    await expect(
      saveShopSettings(
        { name: "Broken" },
        { heroImage: { upload: Buffer.from("<svg onload=alert(1)>"), remove: false } },
      ),
    ).rejects.toMatchObject({ status: 400, field: "heroImage", message: "Please choose a JPEG, PNG or WebP image." });
    const after = fs.existsSync(path.join(config.uploadsDir, "shop"))
      ? fs.readdirSync(path.join(config.uploadsDir, "shop"))
      : [];
    expect(after).toEqual(before);
    expect((await getShopSettings()).name).toBe(config.shopName);
  });

  it("a refused save keeps no new picture", async () => {
    const dir = path.join(config.uploadsDir, "shop");
    const before = fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
    await expect(
      saveShopSettings({ heroLink: "", heroLinkLabel: "Shop" }, { logo: { upload: png, remove: false } }),
    ).rejects.toMatchObject({ field: "heroLink" });
    expect(fs.existsSync(dir) ? fs.readdirSync(dir).length : 0).toBe(before);
  });
});
