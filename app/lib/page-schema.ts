import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { checkbox } from "./checkbox-field";

/**
 * What the page form says of a picture from another site, in the page's text (`![…](https://…)`):
 * the page would show it broken.
 */
export const OUTSIDE_PICTURE =
  "Pictures from other sites cannot be shown (the shop's security policy blocks them): upload the picture with the form instead.";

/** Whether the Markdown shows a picture from another site (`![…](https://…)` or `![…](//…)`). */
export const hasOutsidePicture = (source: string) => /!\[[^\]]*\]\(\s*<?(?:https?:)?\/\//i.test(source);

/** The page the checkout links as the shop's terms. */
export const TERMS_PAGE = "terms";

/** A page's address under /pages/: lower-case words joined by hyphens. */
export const PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug a title suggests: "Shipping & Returns" → "shipping-returns". */
export function slugOf(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

// The admin's page form and the API; a slug left empty is made from the title.
export const pageSchema = z
  .object({
    title: z
      .string({ required_error: "Enter the page's title" })
      .trim()
      .min(1, "Enter the page's title")
      .max(100, "The title can be at most 100 characters"),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .max(60, "The address can be at most 60 characters")
      .refine(
        (v) => v === "" || PAGE_SLUG.test(v),
        "Use lower-case letters, digits and hyphens, such as shipping-returns",
      )
      .optional(),
    body: z
      .string({ required_error: "Write the page's text" })
      .max(50_000, "The text can be at most 50,000 characters")
      .transform((v) => v.replace(/\r\n?/g, "\n").trim())
      .pipe(
        z
          .string()
          .min(1, "Write the page's text")
          .refine((v) => !hasOutsidePicture(v), OUTSIDE_PICTURE),
      ),
    inFooter: checkbox.describe("Linked from the footer of every page"),
    position: z
      .union([z.string(), z.number()])
      .optional()
      .transform((v) => (v === undefined || v === "" ? "0" : String(v).trim()))
      .pipe(z.string().regex(/^\d{1,3}$/, "The order must be a whole number from 0 to 999"))
      .transform(Number),
  })
  .transform((page, context) => {
    const slug = page.slug || slugOf(page.title);
    if (!slug) {
      context.addIssue({
        code: "custom",
        path: ["slug"],
        message: "Enter the page's address, such as shipping-returns",
      });
      return z.NEVER;
    }
    return { ...page, slug };
  });

export type PageInput = z.infer<typeof pageSchema>;
export const pageValidator = withZod(pageSchema);
