import { z } from "zod";

// "Tell me when it's back": the product page's form and POST /api/v1/product/{id}/notify.

export const stockAlertSchema = z.object({
  email: z
    .string({ required_error: "Please enter your email", invalid_type_error: "Please enter your email" })
    .trim()
    .min(1, "Please enter your email")
    .max(254, "Please enter valid email address")
    .email("Please enter valid email address")
    .transform((value) => value.toLowerCase()),
  // The variant asked for; none (or "") for a product without options, or for any of its variants.
  variant: z
    .string({ invalid_type_error: "Choose a variant of the product" })
    .trim()
    .max(64, "Choose a variant of the product")
    .optional()
    .transform((value) => value ?? "")
    .describe("The variant's id, for a product with options; left out: any of them"),
});

export type StockAlertInput = z.infer<typeof stockAlertSchema>;

export const STOCK_ALERT_LINK_INVALID =
  "This confirmation link is not valid any more: the item may be back already, or the address unsubscribed.";

/**
 * What the asker is told (the page's toast, the API's message): the same whatever the address's state
 * (asked already, unsubscribed). Whether it must confirm depends only on who asks: the shopper's own
 * proven address need not.
 */
export const stockAlertAnswer = (toConfirm: boolean) =>
  toConfirm
    ? "Please confirm with the link we e-mail to this address: then we will tell it when it is back in stock."
    : "We will e-mail you when it is back in stock.";

/** POST /api/v1/back-in-stock/confirm: what the confirmation page's button does. */
export const stockAlertConfirmInput = z.object({
  token: z
    .string({ required_error: "Please send the token of the confirmation link" })
    .trim()
    .min(1, "Please send the token of the confirmation link")
    .max(200, STOCK_ALERT_LINK_INVALID)
    .describe("The last part of the link /back-in-stock/confirm/{token} in the confirmation mail"),
});
