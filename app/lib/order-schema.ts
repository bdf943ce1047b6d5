import { z } from "zod";
import { email } from "./account-schemas";
import { couponCodeField } from "./discount-schema";
import { apiShippingSchema, shippingSchema } from "./shipping-schema";

/** A number, or a string that holds one: the specification's client sends prices from toFixed. */
const numeric = <T extends z.ZodTypeAny>(
  label: string,
  inner: (n: z.ZodNumber) => T,
  messages = { required_error: `${label} is required`, invalid_type_error: `${label} must be a number` },
) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    inner(z.number(messages)),
  );

/** Phone and postal code as text, whether the client sends them as strings or numbers. */
const shippingAsText = (value: unknown) => {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const info = value as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "number" ? String(v) : v);
  return { ...info, phoneNo: text(info.phoneNo), postalCode: text(info.postalCode) };
};

const orderItemSchema = z.object({
  product: z.string({ required_error: "Each order item needs its product id" }).min(1).max(100),
  quantity: numeric("quantity", (n) =>
    n.int("The quantity must be a whole number").min(1, "The quantity must be at least 1").max(1000),
  ),
  variant: z
    .string()
    .trim()
    .max(64, "Choose one of the product's variants")
    .optional()
    .describe(
      "The variant's id (the product's `variants`), required for a product with options. Not part of the original API.",
    ),
  // name, price and image are the client's copy: the server prices the product itself.
});

/**
 * POST /api/v1/order/new. With `orderItems` and `shippingInfo`, the client's own cart (the
 * specification's client); with `paymentInfo` alone, the confirmation of a server-cart checkout.
 */
export const newOrderSchema = z.object({
  paymentInfo: z.object(
    {
      id: z.string({ required_error: "paymentInfo.id is required" }).min(1, "paymentInfo.id is required").max(255),
      status: z.string().max(100).optional(),
    },
    { required_error: "paymentInfo is required" },
  ),
  orderItems: z.array(orderItemSchema).min(1, "orderItems is empty").max(100).optional(),
  shippingInfo: z.preprocess(shippingAsText, apiShippingSchema).optional(),
  shippingMethod: z
    .string()
    .trim()
    .min(1)
    .max(64, "Choose one of the shipping methods")
    .optional()
    .describe(
      "A client cart's shipping method (its id, GET /api/v1/shipping/methods); the first that applies when left out. Not part of the original API.",
    ),
  couponCode: couponCodeField
    .optional()
    .describe(
      "A client cart's discount code: the order is refused, and its payment refunded, when the code does not apply. Not part of the original API.",
    ),
  itemsPrice: numeric("itemsPrice", (n) => n.nonnegative()).optional(),
  shippingPrice: numeric("shippingPrice", (n) => n.nonnegative()).optional(),
  taxPrice: numeric("taxPrice", (n) => n.nonnegative()).optional(),
  totalPrice: numeric("totalPrice", (n) => n.nonnegative()).optional(),
});

/** POST /api/v1/payment/process { amount } in cents, a number or a numeric string. */
export const paymentProcessSchema = z.object({
  amount: numeric(
    "amount",
    (n) => n.int("The amount must be a whole number of cents").positive("The amount must be more than zero"),
    {
      required_error: "Please send the amount in cents",
      invalid_type_error: "The amount must be a number of cents",
    },
  ),
});

/** The e-mail a guest (a call without credentials) buys with: the intent, the order and its receipt go by it. */
const guestEmail = email.describe(
  "A guest's e-mail (a call without credentials; ignored when signed in): the receipt and the order's link go there. Not part of the original API.",
);

/** POST /api/v1/payment/process as a guest: the amount, and the e-mail the intent is made for. */
export const guestPaymentProcessSchema = paymentProcessSchema.extend({ email: guestEmail });

/**
 * POST /api/v1/order/new as a guest: the same fields, the e-mail its payment/process named, and a
 * shippingInfo whose recipient is required (there is no account's name to send it to).
 */
export const guestNewOrderSchema = newOrderSchema.extend({
  email: guestEmail,
  shippingInfo: z
    .preprocess(shippingAsText, shippingSchema)
    .optional()
    .describe("Where the order goes; a guest must name the recipient (`recipientName`)."),
});
