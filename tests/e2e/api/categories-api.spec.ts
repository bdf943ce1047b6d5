import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../support/openapi-check";
import { expectRefused } from "../support/api-refusals";
import { DEMO_ADMIN, DEMO_SHOPPER } from "../support/accounts";
import { fuzzAsAdmin } from "../support/admin-fuzz";
import { startOwnShop } from "../support/own-shop";
import { DEMO_CATEGORIES } from "../../../app/seed/demo-categories";

// The shop's categories through /api/v1, on a shop of the test's own (they change every page).

const png = fs.readFileSync(path.resolve("public/images/profile.png"));
const dataUrl = `data:image/png;base64,${png.toString("base64")}`;

type Category = { _id: string; name: string; slug: string; position: number; hidden: boolean; image: string | null };

test("listed by anyone, changed by an admin only: create, rename, move, hide and delete with the products moved", async ({
  playwright,
}) => {
  test.setTimeout(150_000);
  const shop = await startOwnShop({ SEED: "demo" });
  const anyone = await playwright.request.newContext({ baseURL: shop.base });
  const shopper = await playwright.request.newContext({ baseURL: shop.base });
  const admin = await playwright.request.newContext({ baseURL: shop.base });
  try {
    const listed = (await (await anyone.get("/api/v1/categories")).json()) as { categories: Category[] };
    // The demo shop's: the specification's twelve, in its order.
    expect(listed.categories.map((c) => c.name)).toEqual([...DEMO_CATEGORIES]);
    expect(listed.categories[7]).toMatchObject({ slug: "clothes-shoes", position: 7, hidden: false, image: null });

    await expectRefused(
      await anyone.post("/api/v1/admin/category/new", { data: { name: "Drones" } }),
      401,
      "Login first to access this resource.",
    );
    await shopper.post("/api/v1/login", { data: DEMO_SHOPPER });
    await expectRefused(
      await shopper.post("/api/v1/admin/category/new", { data: { name: "Drones" } }),
      403,
      "Role (user) is not allowed to access this resource",
    );
    await admin.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });

    // Each field checked, with its message.
    for (const [body, status, message] of [
      [{}, 400, "Enter the category's name"],
      [{ name: "x".repeat(41) }, 400, "The name can be at most 40 characters"],
      [{ name: "Drones", slug: "Drones!" }, 400, "Use lower-case letters, digits and hyphens, such as clothes-shoes"],
      [{ name: "Laptops" }, 409, "Another category has this name: choose another"],
      [{ name: "Notebooks", slug: "laptops" }, 409, "Another category has this address: choose another"],
      [{ name: "Drones", image: "data:image/png;base64,AAAA" }, 400, "Please choose a JPEG, PNG or WebP image."],
    ] as const)
      await expectRefused(await admin.post("/api/v1/admin/category/new", { data: body }), status, message);

    const created = await admin.post("/api/v1/admin/category/new", { data: { name: "Drones", image: dataUrl } });
    expect(created.status()).toBe(201);
    const drones = ((await created.json()) as { category: Category }).category;
    expect(drones).toMatchObject({ name: "Drones", slug: "drones", position: 12, hidden: false });
    expect(drones.image).toMatch(/^\/uploads\/categories\/[a-z0-9]+\.webp$/);
    expect((await anyone.get(drones.image!)).status()).toBe(200);

    // A product goes into it (and only into a category the shop has).
    const product = {
      name: "Quadcopter X",
      price: 499,
      description: "Flies.",
      category: "Toys",
      stock: 3,
      seller: "Skyworks",
      images: [dataUrl],
    };
    await expectRefused(
      await admin.post("/api/v1/admin/product/new", { data: product }),
      400,
      "Please select correct category for product",
    );
    const made = await admin.post("/api/v1/admin/product/new", { data: { ...product, category: "Drones" } });
    expect(made.status()).toBe(201);
    const productId = ((await made.json()) as { product: { _id: string } }).product._id;
    const counts = (
      (await (await admin.get("/api/v1/admin/categories")).json()) as {
        categories: (Category & { productCount: number })[];
      }
    ).categories;
    expect(counts.find((c) => c.name === "Drones")?.productCount).toBe(1);
    expect(counts.find((c) => c.name === "Laptops")?.productCount).toBe(6);

    // Renamed: the product's category follows; the filter takes the new name.
    const renamed = await admin.put(`/api/v1/admin/category/${drones._id}`, {
      data: { name: "Aerial", slug: "aerial" },
    });
    expect(renamed.status()).toBe(200);
    expect(((await renamed.json()) as { category: Category }).category).toMatchObject({
      name: "Aerial",
      slug: "aerial",
      image: drones.image,
    });
    expect((await (await anyone.get(`/api/v1/product/${productId}`)).json()).product.category).toBe("Aerial");
    const filtered = await (await anyone.get("/api/v1/products?category=Aerial")).json();
    expect(filtered.products.map((p: { _id: string }) => p._id)).toEqual([productId]);
    const unknown = await anyone.get("/api/v1/products?category=Drones");
    expect(unknown.status()).toBe(400);

    // Moved up, then hidden: out of the public list, still in the admin's.
    expect(
      (await admin.post(`/api/v1/admin/category/${drones._id}/move`, { data: { direction: "up" } })).status(),
    ).toBe(200);
    await expectRefused(
      await admin.post(`/api/v1/admin/category/${drones._id}/move`, { data: { direction: "left" } }),
      400,
      "Please choose up or down",
    );
    const names = async () =>
      ((await (await anyone.get("/api/v1/categories")).json()) as { categories: Category[] }).categories.map(
        (c) => c.name,
      );
    expect((await names()).slice(-2)).toEqual(["Aerial", "Home"]);
    await admin.put(`/api/v1/admin/category/${drones._id}`, { data: { name: "Aerial", hidden: true } });
    expect(await names()).not.toContain("Aerial");

    // Deleted only with somewhere for its product to go.
    await expectRefused(
      await admin.delete(`/api/v1/admin/category/${drones._id}`),
      409,
      "Aerial holds 1 product: choose the category they move to",
    );
    await expectRefused(
      await admin.delete(`/api/v1/admin/category/${drones._id}?moveTo=nothing`),
      400,
      "Choose a category from the list",
    );
    const cameras = listed.categories.find((c) => c.name === "Cameras")!;
    const deleted = await admin.delete(`/api/v1/admin/category/${drones._id}?moveTo=${cameras._id}`);
    expect(await deleted.json()).toEqual({ success: true, message: "Category deleted", moved: 1 });
    expect((await (await anyone.get(`/api/v1/product/${productId}`)).json()).product.category).toBe("Cameras");
    await expectRefused(await admin.delete(`/api/v1/admin/category/${drones._id}`), 404, "Category not found");
    expect((await anyone.get(drones.image!)).status()).toBe(404);

    // The fuzz corpus, as an admin, where a body with a name adds a category (on the shared shop
    // it goes anonymously: fuzz.spec.ts).
    const fuzzed = await fuzzAsAdmin(shop.base, ["/api/v1/admin/category/new", "/admin/category"]);
    expect(fuzzed).toEqual({ serverErrors: [], closedEarly: [], undocumented: [] });
  } finally {
    await Promise.all([anyone.dispose(), shopper.dispose(), admin.dispose()]);
    await shop.stop();
  }
});
