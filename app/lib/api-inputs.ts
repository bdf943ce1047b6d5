import { z } from "zod";
import { categoryFields, withSlug } from "./category-schema";
import { checkbox } from "./checkbox-field";
import { couponCodeField } from "./discount-schema";
import { ORDER_STATUSES } from "./order-states";
import { newOrderSchema } from "./order-schema";
import { reviewSchema } from "./review-schema";
import { trackingFields } from "./shipment-tracking";
import { shopSettingsSchema } from "./shop-settings";

// Request bodies of /api/v1 calls that have no page form of their own. The routes validate with
// these very objects, and the OpenAPI document (app/web/openapi) is generated from them.

export const orderStatusInput = z.object({
  status: z.enum(ORDER_STATUSES, { errorMap: () => ({ message: "Please choose Processing, Shipped or Delivered" }) }),
  confirmBackward: checkbox.describe(
    "Must be `true` to move an order back (Delivered → Shipped or Processing, Shipped → Processing): a correction, " +
      "mailed to nobody. Without it a step back is refused with 409. A step forward mails the buyer; the same status changes nothing.",
  ),
  carrier: trackingFields.carrier.optional(),
  trackingNumber: trackingFields.trackingNumber.optional(),
});

// The checkout calls accept the specification client's numeric strings: app/lib/order-schema.ts.
export {
  newOrderSchema as orderNewInput,
  paymentProcessSchema as paymentProcessInput,
  guestNewOrderSchema as guestOrderNewInput,
  guestPaymentProcessSchema as guestPaymentProcessInput,
} from "./order-schema";
// POST /api/v1/order/lookup: app/lib/order-lookup-schema.ts (the lookup page's form too).
export { orderLookupSchema as orderLookupInput } from "./order-lookup-schema";

export const reviewInput = reviewSchema.extend({
  productId: z.string({ required_error: "Please send the productId" }).min(1, "Please send the productId"),
});

const picture = (what: string) =>
  z
    .unknown()
    .optional()
    .describe(`${what}: a JPEG, PNG or WebP file (multipart/form-data) or a base64 data URL; at most 10 MB`);

/** The owner's settings: any of them (the others stay as they are), and the two pictures. */
export const settingsInput = shopSettingsSchema()
  .partial()
  .extend({
    logo: picture("A new logo"),
    logoRemove: checkbox.optional().describe("`true` removes the logo"),
    heroImage: picture("A new picture for the home page's hero"),
    heroImageRemove: checkbox.optional().describe("`true` removes the hero's picture"),
  });

/** A category, with its picture (or the wish to remove it). */
export const categoryInput = categoryFields
  .extend({
    image: picture("The category's picture"),
    imageRemove: checkbox.optional().describe("`true` removes the picture"),
  })
  .transform(withSlug);

/** One place up or down in the shop's order of categories. */
export const categoryMoveInput = z.object({
  direction: z.enum(["up", "down"], { errorMap: () => ({ message: "Please choose up or down" }) }),
});

/** GET /api/v1/shipping/methods: the address's country (any of its English names) and region. */
export const shippingQuery = z.object({
  country: z
    .string({ required_error: "Please send the country" })
    .trim()
    .min(1, "Please send the country")
    .max(100, "Please choose a country from the list"),
  state: z.string().trim().max(100).optional().describe("State or region, where the tax differs by region"),
});

/** POST /api/v1/order/quote: a client's cart, where it goes, how, and a discount code. */
export const orderQuoteInput = z.object({
  orderItems: newOrderSchema.shape.orderItems.unwrap(),
  shippingInfo: shippingQuery.describe("Where the order goes: its country, and its state where the tax differs"),
  shippingMethod: newOrderSchema.shape.shippingMethod,
  couponCode: couponCodeField.optional().describe("A discount code; the answer says whether it applies, and why not"),
});
