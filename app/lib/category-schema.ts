import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { checkbox } from "./checkbox-field";
import { PAGE_SLUG, slugOf } from "./page-schema";

/** The message for a product whose category is not one of the shop's (the specification's words). */
export const UNKNOWN_CATEGORY = "Please select correct category for product";

// The admin's category form and the API; a slug left empty is made from the name. The picture is a
// file (or a data URL in the API), handled beside these fields as the product's pictures are.
export const categoryFields = z.object({
  name: z
    .string({ required_error: "Enter the category's name" })
    .trim()
    .min(1, "Enter the category's name")
    .max(40, "The name can be at most 40 characters")
    .refine((v) => !/\p{Cc}/u.test(v), "The name cannot hold control characters"),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(60, "The address can be at most 60 characters")
    .refine((v) => v === "" || PAGE_SLUG.test(v), "Use lower-case letters, digits and hyphens, such as clothes-shoes")
    .optional()
    .describe("The category's page is at /category/{slug}; made from the name when left out"),
  hidden: checkbox.describe("Left out of the storefront's lists, filters and sitemap (its products stay on sale)"),
});

/** The slug a category gets: the one given, or one made from its name. */
export function withSlug<T extends { name: string; slug?: string }>(
  category: T,
  context: z.RefinementCtx,
): Omit<T, "slug"> & { slug: string } {
  const slug = category.slug || slugOf(category.name);
  if (!slug) {
    context.addIssue({
      code: "custom",
      path: ["slug"],
      message: "Enter the category's address, such as clothes-shoes",
    });
    return z.NEVER;
  }
  return { ...category, slug };
}

export const categorySchema = categoryFields.transform(withSlug);

export type CategoryInput = z.infer<typeof categorySchema>;
export const categoryValidator = withZod(categorySchema);

/** Where a deleted category's products go: another category's id, or nothing when it has none. */
export const categoryDeleteSchema = z.object({
  moveTo: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((v) => v || undefined),
});
