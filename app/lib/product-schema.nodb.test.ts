import { describe, expect, it } from "vitest";
import { pictureCount, productFormValidator } from "./product-schema";

const file = (size: number) => new Blob([new Uint8Array(size)]);

describe("the admin product form's validator", () => {
  it("answers every field's message at once, the pictures' included", async () => {
    const form = new FormData();
    for (const field of ["name", "description", "category", "seller", "stock", "weightGrams"]) form.set(field, "");
    form.set("price", "abc");
    form.set("images", file(0));
    const result = await productFormValidator("en-US", true).validate(form);
    expect(result.error?.fieldErrors).toMatchObject({
      name: "Please enter product name",
      price: expect.stringContaining("The price must be"),
      description: "Please enter product description",
      category: "Please select correct category for product",
      seller: "Please enter product seller",
      stock: "Please enter product stock",
      images: "Please add at least one image",
    });
    // Updating, no new picture keeps the current ones.
    expect((await productFormValidator("en-US", false).validate(form)).error?.fieldErrors.images).toBeUndefined();
  });

  it("counts chosen files and kept pictures, less those ticked for removal", () => {
    expect(pictureCount({ images: [file(0)] })).toBe(0);
    expect(pictureCount({ images: [file(3), file(4)], keptImage: "/uploads/products/a.webp#sig" })).toBe(3);
    expect(
      pictureCount({
        keptImage: ["/uploads/products/a.webp#sig", "/uploads/products/b.webp#sig"],
        removeKeptImage: "/uploads/products/a.webp",
      }),
    ).toBe(1);
    expect(pictureCount({ images: Array.from({ length: 11 }, () => file(1)) })).toBe(11);
  });
});
