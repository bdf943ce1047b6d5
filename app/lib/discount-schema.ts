import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { checkbox } from "./checkbox-field";
import { DISCOUNT_KINDS, normalCode } from "./discounts";
import { moneyField, perLocale } from "./money-input";
import type { Locale } from "./shop-settings";

// Discount codes and promotions as typed: the shopper's code field (cart, confirmation, the API's
// couponCode) and the owner's form (admin and API). Amounts as the shop's locale writes them
// (app/lib/money-input.ts), kept in cents; a percent as written (10, 12.5), kept in basis points.

export const MAX_CODE_LENGTH = 40;

/** What a shopper types as a code (any text; an unknown one is said so by the pricing). */
export const couponCodeField = z
  .string({ required_error: "Enter a discount code", invalid_type_error: "Enter a discount code" })
  .trim()
  .min(1, "Enter a discount code")
  .max(MAX_CODE_LENGTH, `A discount code has at most ${MAX_CODE_LENGTH} characters`);

export const couponSchema = z.object({ couponCode: couponCodeField });

/** The `intent` of the code form's two buttons (the cart's and the confirmation's). */
export const APPLY_COUPON = "apply-coupon";
export const REMOVE_COUPON = "remove-coupon";
export const couponValidator = withZod(couponSchema);

const asText = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
const COUNT = /^\d{1,9}$/;

/** Empty is null; else `parse` of a text that matches `pattern`, or `message`. */
const optional = <T>(pattern: RegExp, message: string, parse: (v: string) => T) =>
  asText
    .pipe(z.string().refine((v) => v === "" || pattern.test(v), message))
    .transform((v) => (v === "" ? null : parse(v)))
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/** A date as <input type="datetime-local"> or an ISO string sends it; empty is null. */
const optionalDate = (message: string) =>
  z
    .union([z.string(), z.null()])
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(40, message))
    .transform((v, ctx) => {
      if (v === "") return null;
      const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v}Z`);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return date;
    })
    .optional()
    .transform((v) => v ?? null);

/** One value or several (a form's repeated field, or a select multiple), as a list without repeats. */
const ids = (message: string) =>
  z
    .preprocess(
      (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
      z.array(z.string({ invalid_type_error: message }).trim().min(1, message).max(64, message), {
        invalid_type_error: message,
      }),
    )
    .transform((list) => [...new Set(list)])
    .pipe(z.array(z.string()).max(500, message));

/**
 * Only the value of the kind chosen is read: the form without JavaScript shows (and sends) both, and
 * what was typed in the other is ignored, whatever it holds.
 */
const onlyTheKindsValue = (input: unknown) => {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const fields = input as Record<string, unknown>;
  return {
    ...fields,
    percent: fields.kind === "percent" ? fields.percent : undefined,
    amount: fields.kind === "amount" ? fields.amount : undefined,
  };
};

/** The owner's form: a code (or none, for an automatic promotion), what it takes off, and when it applies. */
export const discountSchema = (locale: Locale) =>
  z.preprocess(
    onlyTheKindsValue,
    z
      .object({
        name: z
          .string({ required_error: "Enter the discount's name" })
          .trim()
          .min(1, "Enter the discount's name")
          .max(80, "The name can be at most 80 characters")
          .refine((v) => !/\p{Cc}/u.test(v), "The name cannot hold control characters"),
        code: asText
          .pipe(
            z
              .string()
              .max(MAX_CODE_LENGTH, `A code has at most ${MAX_CODE_LENGTH} characters`)
              .refine((v) => v === "" || /^[A-Za-z0-9_-]+$/.test(v), "A code holds letters, digits, - and _ only"),
          )
          .transform((v) => (v === "" ? null : normalCode(v)))
          .nullable()
          .optional()
          .transform((v) => v ?? null)
          .describe("What shoppers type (kept upper-case; matched whatever its case); empty: an automatic promotion"),
        kind: z
          .enum(DISCOUNT_KINDS, { errorMap: () => ({ message: "Choose percent off, amount off or free shipping" }) })
          .describe("percent: off the items it covers; amount: a fixed amount off them; free_shipping"),
        percent: optional(PERCENT, "The percent must be a number such as 10 or 12.5", (v) =>
          Math.round(Number(v) * 100),
        ),
        amount: moneyField(locale, "The amount"),
        minSubtotal: moneyField(locale, "The minimum").describe("The items must cost at least this"),
        startsAt: optionalDate("Enter the start as a date and time").describe("From when (UTC); empty: at once"),
        endsAt: optionalDate("Enter the end as a date and time").describe("Until when (UTC); empty: no end"),
        usageLimit: optional(COUNT, "The number of uses must be a whole number", Number).describe(
          "How many orders may use it in all; empty: no limit",
        ),
        perCustomerLimit: optional(COUNT, "The uses per customer must be a whole number", Number).describe(
          "How many orders of one customer may use it; empty: no limit",
        ),
        productIds: ids("Choose products from the list").describe("Only these products (ids)"),
        categoryIds: ids("Choose categories from the list").describe("Only products of these categories (ids)"),
        paused: checkbox.optional().default(false),
      })
      .superRefine((d, ctx) => {
        if (d.kind === "percent" && (d.percent === null || d.percent < 1 || d.percent > 100_00))
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["percent"], message: "Enter a percent from 0.01 to 100" });
        if (d.kind === "amount" && (d.amount === null || d.amount < 1))
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amount"], message: "Enter the amount off" });
        if (d.startsAt && d.endsAt && d.endsAt <= d.startsAt)
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["endsAt"], message: "The end must come after the start" });
        if (d.usageLimit === 0)
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["usageLimit"], message: "Allow at least one use" });
        if (d.perCustomerLimit === 0)
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["perCustomerLimit"], message: "Allow at least one use" });
      }),
  );
export type DiscountInput = z.infer<ReturnType<typeof discountSchema>>;
export const discountValidator = perLocale((locale) => withZod(discountSchema(locale)));

/** The stored value of a discount: basis points for a percent, cents for an amount, 0 for free shipping. */
export const valueOf = (input: DiscountInput) =>
  input.kind === "percent" ? input.percent! : input.kind === "amount" ? input.amount! : 0;
