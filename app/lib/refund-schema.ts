import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { checkbox } from "./checkbox-field";
import { moneyExample, perLocale, readMoney } from "./money-input";
import type { Locale } from "./shop-settings";

// Refunds and cancellations as the admin asks for them: the order page's forms (through withZod)
// and the API (POST /api/v1/admin/order/{id}/refund and /cancel) read these very schemas. Amounts as
// the shop's locale writes them (app/lib/money-input.ts), kept in cents. The rules about what may be refunded are the
// model's (app/models/after-sales/refunds.server.ts): these only say whether the request is well formed.

export const MAX_REFUND_REASON = 500;
export const MAX_REFUND_KEY = 100;
/** Neither items nor an amount: said beside the amount. */
export const NOTHING_TO_REFUND = "Choose the items to refund or enter an amount.";
/** The reason the API writes for a cancellation that gives none. */
export const DEFAULT_CANCEL_REASON = "Cancelled by the shop";
/** The field of the refund form that holds how many of an order line to refund: `qty_<lineId>`. */
export const QUANTITY_FIELD_PREFIX = "qty_";
export const quantityField = (lineId: string) => `${QUANTITY_FIELD_PREFIX}${lineId}`;

const COUNT = /^\d{1,6}$/;
const POSITIVE_AMOUNT = "The amount must be more than 0";

const asText = (message: string) =>
  z.union([z.string(), z.number()], { errorMap: () => ({ message }) }).transform((v) => String(v).trim());

const reasonField = (missing: string) =>
  z
    .string({ required_error: missing, invalid_type_error: missing })
    .trim()
    .min(1, missing)
    .max(MAX_REFUND_REASON, `The reason can be at most ${MAX_REFUND_REASON} characters`);

/** An amount of money (a number, or text as the shop's locale writes it), more than 0; empty or absent is null. */
const amountField = (locale: Locale) =>
  z
    .union([z.string(), z.number(), z.null()], {
      errorMap: () => ({ message: `Enter the amount as a number such as 10 or ${moneyExample(locale)}` }),
    })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) return null;
      const parsed = readMoney(v, locale, "The amount");
      if ("problem" in parsed && parsed.problem !== "negative") {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.message });
        return z.NEVER;
      }
      const cents = "cents" in parsed ? parsed.cents : 0;
      if (cents <= 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: POSITIVE_AMOUNT });
        return z.NEVER;
      }
      return cents;
    });

/** Items of an order and how many of each, as a refund or a return names them (`verb`). */
export function orderItemsField(verb: "refund" | "return") {
  const quantityMessage = `Enter how many to ${verb} as a whole number (0 or more)`;
  const name = `Name the item to ${verb}`;
  const item = z.object({
    item: z
      .string({ required_error: name, invalid_type_error: name })
      .trim()
      .min(1, name)
      .max(64, "That item is not part of this order.")
      .describe("The order line's id"),
    quantity: asText(quantityMessage)
      .pipe(z.string().regex(COUNT, quantityMessage))
      .transform(Number)
      .describe(`How many of the item to ${verb}; 0 is none of it`),
  });
  return z
    .array(item, { invalid_type_error: "Send the items as a list of { item, quantity }" })
    .max(500, "Too many items")
    .optional()
    .transform((v) => v ?? [])
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach(({ item }, index) => {
        if (seen.has(item))
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "item"], message: "Name each item once" });
        seen.add(item);
      });
    });
}

/** A refund: some items (each at most once), an amount, or both (the amount then wins over the items' share). */
export const refundInput = (locale: Locale) =>
  z
    .object({
      items: orderItemsField("refund").describe(
        "The items refunded (`item`: the order line's id) and how many of each. Without an amount, what they cost " +
          "the buyer is refunded: their share of the paid total, discount and tax included, shipping not.",
      ),
      amount: amountField(locale).describe(
        "The amount to refund, in the shop's currency (at most 2 decimals); empty: the chosen items' share",
      ),
      reason: reasonField("Say why you refund").describe("Why: kept with the refund, and told the buyer"),
      restock: checkbox
        .optional()
        .default(false)
        .describe("`true` puts the refunded items back in stock (with items only)"),
      key: z
        .string({ invalid_type_error: "The key must be a text" })
        .trim()
        .max(MAX_REFUND_KEY, `The key can be at most ${MAX_REFUND_KEY} characters`)
        .nullable()
        .optional()
        .transform((v) => v || null)
        .describe(
          "A key of the client's for this request (or the `Idempotency-Key` header): the same key again answers " +
            "the refund it made, never a second one; with other items, amount or restocking it is a 409",
        ),
    })
    .superRefine((input, ctx) => {
      if (input.amount === null && !input.items.some((i) => i.quantity > 0))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amount"], message: NOTHING_TO_REFUND });
    });
export type RefundInput = z.output<ReturnType<typeof refundInput>>;

/**
 * The fields of the model's RefundRequest (app/models/after-sales/refunds.server.ts) that a parsed input gives:
 * the items with a quantity, and the amount (null: the items' share). The client's key is kept
 * apart from the keys the shop makes itself (a cancellation's).
 */
export function refundRequestOf(input: RefundInput): {
  lines: { lineId: string; quantity: number }[];
  amountCents: number | null;
  reason: string;
  restock: boolean;
  requestKey: string | null;
} {
  return {
    lines: input.items.filter((i) => i.quantity > 0).map((i) => ({ lineId: i.item, quantity: i.quantity })),
    amountCents: input.amount,
    reason: input.reason,
    restock: input.restock,
    requestKey: input.key === null ? null : `request:${input.key}`,
  };
}

const entriesOf = (values: FormData | Record<string, unknown>): [string, unknown][] =>
  values instanceof FormData ? [...values.entries()] : Object.entries(values);

/**
 * The refund form's values as refundInput reads them: each `qty_<lineId>` field (a number input)
 * becomes an item; one left empty is none of it. The other fields stay as they are.
 */
export function refundFormValues(values: FormData | Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const items: { item: string; quantity: unknown }[] = [];
  for (const [name, value] of entriesOf(values)) {
    if (!name.startsWith(QUANTITY_FIELD_PREFIX)) {
      out[name] = value;
      continue;
    }
    const item = name.slice(QUANTITY_FIELD_PREFIX.length);
    if (item === "" || value === undefined || value === null) continue;
    if (typeof value === "string" && value.trim() === "") continue;
    items.push({ item, quantity: value });
  }
  if (items.length > 0) out.items = items;
  return out;
}

/**
 * A form of items (`qty_<lineId>` fields) read by `schema` over refundFormValues, with each item's
 * message on its own `qty_<lineId>` field: the admin's refund form, the shopper's return form.
 */
export function itemsFormSchema<T extends z.ZodTypeAny>(schema: T) {
  return z.record(z.string(), z.unknown()).transform((values, ctx): z.output<T> => {
    const input = refundFormValues(values);
    const result = schema.safeParse(input);
    if (result.success) return result.data as z.output<T>;
    const items = Array.isArray(input.items) ? (input.items as { item: string }[]) : [];
    for (const issue of result.error.issues) {
      const [field, index] = issue.path;
      const path =
        field === "items" && typeof index === "number" && items[index]
          ? [quantityField(items[index].item)]
          : issue.path;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: issue.message, path });
    }
    return z.NEVER;
  });
}

/** The admin's refund form (the missing choice said on `amount`). */
export const refundFormSchema = (locale: Locale) => itemsFormSchema(refundInput(locale));
export const refundValidator = perLocale((locale) => withZod(refundFormSchema(locale)));

/** The admin's cancel form: a reason is required. */
export const cancelSchema = z.object({ reason: reasonField("Say why you cancel the order") });
export const cancelValidator = withZod(cancelSchema);

/** POST /api/v1/admin/order/{id}/cancel: the reason, or "Cancelled by the shop" when none is given. */
export const cancelInput = z.object({
  reason: z
    .preprocess(
      (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? DEFAULT_CANCEL_REASON : v),
      reasonField("Say why you cancel the order"),
    )
    .describe(`Why: kept with the refund, and told the buyer; "${DEFAULT_CANCEL_REASON}" when none is given`),
});
export type CancelInput = z.output<typeof cancelInput>;
