import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "./order-states";
import { CARRIER_IDS } from "./shipment-tracking";
import { ROLES } from "./roles";
import { RATE_KINDS } from "./pricing";
import { DISCOUNT_KINDS } from "./discounts";
import { CURRENCIES, LOCALES, type Locale } from "./shop-settings";
import { REFUND_SOURCES, REFUND_STATUSES, type RefundSource, type RefundStatus } from "./refunds";
import { RETURN_STATUSES, type ReturnStatus } from "./returns";
import { centsToDollars } from "./money";
import { lineName } from "./variants";

// The JSON the /api/v1 routes answer with. The shapers (productJson, reviewJson, userJson,
// orderJson) return these types, and the OpenAPI document is generated from these schemas, so the
// document cannot drift from what the routes send. `.openapi(name)` makes each a named schema of
// the document (zod-to-openapi adds the method to zod).

extendZodWithOpenApi(z);

export const reviewPayload = z
  .object({
    _id: z.string(),
    user: z.string().describe("The reviewer's user id"),
    name: z.string(),
    rating: z.number().int().min(1).max(5),
    comment: z.string(),
    productId: z.string(),
  })
  .openapi("Review");

export const variantPayload = z
  .object({
    _id: z.string().describe("What a cart line or order item names as its `variant`"),
    options: z.array(z.string()).describe("One value per option, in the options' order"),
    title: z.string().describe('The values joined: "16 GB / Silver"'),
    sku: z.string().nullable(),
    price: z.number().describe("In the shop's currency (19.99, not cents)"),
    stock: z.number().int(),
    image: z.string().nullable().describe("One of the product's pictures (absolute URL), or null"),
  })
  .openapi("Variant");

export const productPayload = z
  .object({
    _id: z.string(),
    name: z.string(),
    price: z.number().describe("In the shop's currency (19.99, not cents)"),
    description: z.string(),
    category: z.string(),
    seller: z.string(),
    stock: z.number().int(),
    weightGrams: z
      .number()
      .int()
      .nullable()
      .describe(
        "The weight in grams, for shipping rates by weight; null when not given. Not part of the original API.",
      ),
    ratings: z.number(),
    numOfReviews: z.number().int(),
    images: z.array(z.object({ _id: z.string(), url: z.string() })),
    options: z
      .array(z.object({ name: z.string(), values: z.array(z.string()) }))
      .describe(
        "The product's options (Memory, Colour…), in order; empty for a product without. Not part of the original API.",
      ),
    variants: z
      .array(variantPayload)
      .describe(
        "One per combination of the options that is sold; empty for a product without options (price and stock are then its own). With variants, price is the lowest of theirs and stock their total. Not part of the original API.",
      ),
    reviews: z.array(reviewPayload),
    createdAt: z.string().datetime(),
  })
  .openapi("Product");

export const userPayload = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    avatar: z.object({ url: z.string() }),
    role: z.enum(ROLES),
    googleSignIn: z.boolean(),
    cartReminders: z.boolean().describe("The shopper asked for a reminder of a cart they leave"),
    emailProven: z
      .boolean()
      .describe("The owner followed a link mailed to `email` (or Google verified it); false after a change until then"),
    createdAt: z.string().datetime(),
  })
  .openapi("User");

const nullableDate = z.string().datetime().nullable();

/** What paymentStateLabel (./refunds) says of an order's payment. */
export const PAYMENT_STATES = ["Not paid", "Paid", "Partially refunded", "Refunded"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What an order's total got off, in the order and in a quote. */
const appliedDiscountPayload = z.object({
  code: z.string().nullable().describe("The code typed; null for an automatic promotion"),
  name: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  amount: z.number().describe("What it took off: off the items, or for free_shipping the shipping it saved"),
});

export const orderPayload = z
  .object({
    _id: z.string(),
    orderNumber: z
      .number()
      .int()
      .positive()
      .describe(
        "The order's number for people (shown as #1001 on the pages, receipts and mails): sequential from 1001, unique. Not part of the original API.",
      ),
    currency: z
      .string()
      .describe(
        "The currency the order was priced and paid in (ISO 4217, e.g. USD): its amounts are in it, whatever the shop's currency became since.",
      ),
    locale: z.string().describe("How the order's amounts and dates are written on its pages (e.g. en-US, de-DE)."),
    invoiceNumber: z
      .number()
      .int()
      .positive()
      .nullable()
      .describe("The invoice's number, in sequence over paid orders from 1; null until the order is paid."),
    user: z
      .object({ _id: z.string().nullable(), name: z.string(), email: z.string().nullable() })
      .describe(
        "The buyer, as the original API populates it (`_id` and `email` null once the account is deleted; the name is then the one at purchase)",
      ),
    userName: z.string(),
    orderItems: z.array(
      z.object({
        product: z.string().nullable().describe("null once the product is deleted"),
        variant: z
          .string()
          .nullable()
          .describe(
            "The variant's id; null for a product without options, or once the variant is deleted. Not part of the original API.",
          ),
        variantTitle: z
          .string()
          .nullable()
          .describe('The variant bought, as it was named then ("16 GB / Silver"). Not part of the original API.'),
        sku: z.string().nullable().describe("The variant's SKU when bought. Not part of the original API."),
        name: z.string(),
        price: z.number(),
        quantity: z.number().int(),
        image: z.string().nullable(),
      }),
    ),
    shippingInfo: z.object({
      recipientName: z
        .string()
        .describe("Who receives the parcel: the buyer's name unless another was given. Not part of the original API."),
      address: z.string(),
      city: z.string(),
      state: z
        .string()
        .nullable()
        .describe("State, province or region, null when none was given. Not part of the original API."),
      phoneNo: z.string(),
      postalCode: z.string().describe("As its country writes it (upper case, single spaces), e.g. `SW1A 1AA`"),
      country: z.string(),
    }),
    paymentInfo: z.object({ id: z.string().nullable(), status: z.enum(PAYMENT_STATUSES) }),
    itemsPrice: z.number(),
    discountPrice: z
      .number()
      .describe("Taken off the items by discount codes and promotions, before tax. Not part of the original API."),
    discounts: z
      .array(appliedDiscountPayload)
      .describe("What each discount took off the order. Not part of the original API."),
    shippingPrice: z.number(),
    shippingMethod: z
      .string()
      .nullable()
      .describe("The shipping method's name as it was when ordered. Not part of the original API."),
    taxPrice: z.number(),
    tax: z
      .object({
        name: z.string(),
        rate: z.number().describe("A percentage: 19 is 19%"),
        included: z.boolean().describe("taxPrice is part of itemsPrice (VAT style), not added to the total"),
        onShipping: z.boolean().describe("The tax was charged on shipping too (EU VAT), not on the items alone"),
      })
      .nullable()
      .describe(
        "The tax the order was priced with; null for orders from before tax rates. Not part of the original API.",
      ),
    totalPrice: z.number(),
    orderStatus: z.enum(ORDER_STATUSES),
    paidAt: nullableDate,
    deliveredAt: nullableDate,
    tracking: z
      .object({
        carrier: z.enum(CARRIER_IDS),
        carrierName: z.string(),
        number: z.string(),
        url: z.string().nullable().describe("The carrier's tracking page, null for another carrier"),
      })
      .nullable()
      .describe("The parcel's carrier and tracking number, once the shop gave them. Not part of the original API."),
    refundedPrice: z
      .number()
      .describe("What went back to the buyer so far, in all (succeeded refunds). Not part of the original API."),
    paymentState: z
      .enum(PAYMENT_STATES)
      .describe(
        "The payment as people read it: not paid, paid, partially refunded or refunded. Not part of the original API.",
      ),
    isCancelled: z
      .boolean()
      .describe("The shop cancelled the order: its status no longer changes. Not part of the original API."),
    cancelledAt: nullableDate.describe(
      "When the shop cancelled it; null when it did not. Not part of the original API.",
    ),
    createdAt: z.string().datetime(),
  })
  .openapi("Order");

/** A refund of an order (GET /admin/order/{id}, and the answers of its refund and cancel calls). */
export const refundPayload = z
  .object({
    _id: z.string(),
    amount: z.number().describe("In the order's currency (19.99, not cents)"),
    reason: z.string(),
    restock: z.boolean().describe("Whether its items went back to stock"),
    source: z
      .enum(REFUND_SOURCES)
      .describe(
        "shop: made by the shop (the admin, a cancellation); provider: made in the payment provider's dashboard",
      ),
    status: z
      .enum(REFUND_STATUSES)
      .describe("pending while the payment provider is asked; succeeded once it refunded; failed when it refused"),
    createdAt: z.string().datetime(),
    items: z
      .array(z.object({ item: z.string().describe("The order line's id"), quantity: z.number().int() }))
      .describe("The items refunded and how many of each; empty for an amount alone"),
  })
  .openapi("Refund");

/** What of an order may still be refunded (GET /admin/order/{id}): the ids a refund's items name. */
export const refundablePayload = z
  .object({
    amount: z
      .number()
      .describe(
        "In the order's currency: what was paid, less what went back and what is being refunded; 0 for an unpaid order",
      ),
    items: z.array(
      z.object({
        item: z.string().describe("The order line's id: what a refund's `items` name"),
        name: z.string(),
        variantTitle: z.string().nullable(),
        quantity: z.number().int().describe("How many were bought"),
        refundable: z.number().int().describe("How many are not refunded yet"),
      }),
    ),
  })
  .openapi("Refundable");

export const returnPayload = z
  .object({
    _id: z.string(),
    status: z
      .enum(RETURN_STATUSES)
      .describe("requested → approved → received → refunded; or rejected before it is received"),
    reason: z.string().describe("The shopper's"),
    createdAt: z.string().datetime(),
    items: z.array(z.object({ item: z.string().describe("The order line's id"), quantity: z.number().int() })),
    refund: z.string().nullable().describe("The refund's id, once refunded"),
  })
  .openapi("Return");

/** A return in the admin's inbox (GET /admin/returns): with its order, its customer and the items by name. */
export const inboxReturnPayload = z
  .object({
    _id: z.string(),
    status: returnPayload.shape.status,
    reason: z.string().describe("The shopper's"),
    createdAt: z.string().datetime(),
    order: z.object({ _id: z.string(), orderNumber: z.number().int() }),
    customer: z.object({
      name: z.string().describe("The account's name, or the name given at checkout"),
      email: z.string().nullable().describe("The account's or the guest's e-mail; null once the account is deleted"),
    }),
    items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  })
  .openapi("InboxReturn");

/** What of an order the shopper may still return, and until when (GET /order/{id}). */
export const returnablePayload = z
  .object({
    until: z.string().datetime().nullable().describe("The last moment to ask; null: not delivered, or no returns"),
    problem: z.string().nullable().describe("Why the order cannot be returned now; null when it can"),
    items: z.array(
      z.object({
        item: z.string().describe("The order line's id: what a return's `items` name"),
        name: z.string(),
        quantity: z.number().int().describe("How many were bought"),
        returnable: z.number().int().describe("How many may still be asked back"),
      }),
    ),
  })
  .openapi("Returnable");

export const settingsPayload = z
  .object({
    name: z.string(),
    logoUrl: z.string().nullable().describe("null: the shop shows its default logo"),
    contactEmail: z.string().describe("Empty when none is set"),
    contactAddress: z.string(),
    currency: z.enum(CURRENCIES).describe("Every price of the shop and the API is in this currency"),
    locale: z.enum(Object.keys(LOCALES) as [Locale, ...Locale[]]).describe("How prices and dates are written"),
    pricesIncludeTax: z
      .boolean()
      .describe("Prices include the tax (VAT style); false: the tax is added at checkout (US style)"),
    heroTitle: z.string(),
    heroText: z.string(),
    heroLinkLabel: z.string(),
    heroLink: z
      .string()
      .describe("A path of the shop (`/search?category=Laptops`) or an http(s) address; empty for none"),
    heroImageUrl: z.string().nullable(),
    heroCategories: z
      .array(z.string())
      .nullable()
      .describe(
        "The categories the home page shows (by name, shown in the shop's order), or null for every one it lists",
      ),
    returnWindowDays: z
      .number()
      .int()
      .describe("How many days after delivery a shopper may ask to return items; 0: the shop takes no returns"),
    backInStockMails: z
      .boolean()
      .describe("Shoppers may ask to be mailed when a sold-out product is back (POST /product/{id}/notify)"),
  })
  .openapi("ShopSettings");

export const adminSettingsPayload = settingsPayload
  .extend({
    newOrderMails: z.boolean().describe("A mail for each paid order, to the contact e-mail and the chosen admins"),
    dailySummary: z
      .boolean()
      .describe("A mail each morning with the orders of the day before (in the shop's time zone), to the same"),
    ownerMailAdmins: z.array(z.string()).describe("The ids of the admins who get these mails too"),
    lowStockThreshold: z
      .number()
      .int()
      .describe("A mail to the same when a product's stock falls under this many units (once until restocked); 0: off"),
    cartReminderHours: z
      .number()
      .int()
      .describe("Shoppers who asked for it get one reminder of a cart left this many hours; 0: off"),
  })
  .openapi("AdminShopSettings");

export const pagePayload = z
  .object({
    _id: z.string(),
    slug: z.string().describe("The page is at /pages/{slug}"),
    title: z.string(),
    body: z.string().describe("Markdown, as the owner wrote it"),
    html: z
      .string()
      .describe("The body rendered as the storefront shows it (raw HTML shown as text, unsafe links removed)"),
    inFooter: z.boolean(),
    position: z.number().int().describe("The order in the footer, lower first"),
    updatedAt: z.string().datetime(),
  })
  .openapi("Page");

export const categoryPayload = z
  .object({
    _id: z.string(),
    name: z.string().describe("What products name as their `category`"),
    slug: z.string().describe("The category's page is at /category/{slug}"),
    position: z.number().int().describe("The shop's order, lower first"),
    hidden: z.boolean().describe("Left out of the storefront's lists, filters and sitemap"),
    image: z.string().nullable().describe("The category's picture (its URL), or null"),
    productCount: z.number().int().optional().describe("How many products it holds (the admin's list)"),
  })
  .openapi("Category");

export const methodPayload = z
  .object({
    _id: z.string(),
    zoneId: z.string(),
    name: z.string(),
    kind: z
      .enum(RATE_KINDS)
      .describe("flat: one price; weight: by the cart's weight in grams; value: by the items' cost"),
    price: z.number().nullable().describe("A flat rate's price; null for the others"),
    freeOver: z.number().nullable().describe("Free when the items cost more than this; null: never free"),
    bands: z
      .array(z.object({ upTo: z.number().nullable(), price: z.number() }))
      .describe('Weight (grams) or value bands, ascending: the price up to and including upTo; null is "and above"'),
  })
  .openapi("ShippingMethod");

export const zonePayload = z
  .object({
    _id: z.string(),
    name: z.string(),
    countries: z.array(z.string()).describe('Country names; "*" is every country no other zone names'),
    methods: z.array(methodPayload).describe("In the order the shopper sees them; the first is the default"),
  })
  .openapi("ShippingZone");

export const taxRatePayload = z
  .object({
    _id: z.string(),
    country: z.string().describe('A country name, or "*": every country no other rate names'),
    region: z.string().describe('A state or region as addresses name it, or "*": the whole country'),
    name: z.string().describe("What receipts call it: Tax, VAT, GST…"),
    rate: z.number().describe("A percentage: 19 is 19%"),
  })
  .openapi("TaxRate");

export const discountPayload = z
  .object({
    _id: z.string(),
    code: z.string().nullable().describe("Upper-case; null for an automatic promotion"),
    name: z.string(),
    kind: z.enum(DISCOUNT_KINDS),
    percent: z.number().nullable().describe("For percent: 10 is 10%"),
    amount: z.number().nullable().describe("For amount: off the items it covers"),
    minSubtotal: z.number().nullable(),
    startsAt: nullableDate,
    endsAt: nullableDate,
    usageLimit: z.number().int().nullable(),
    perCustomerLimit: z.number().int().nullable(),
    productIds: z.array(z.string()),
    categoryIds: z.array(z.string()),
    paused: z.boolean(),
    timesUsed: z
      .number()
      .int()
      .describe("Orders holding a use: paid ones, and unpaid ones while they hold their items"),
    paidOrders: z.number().int().describe("Paid orders that got it"),
    discounted: z.number().describe("What it took off those paid orders, in all"),
  })
  .openapi("Discount");

/** An order's total as the shop computes it before payment (POST /api/v1/order/quote). */
export const quotePayload = z
  .object({
    itemsPrice: z.number(),
    discountPrice: z.number().describe("Taken off the items, before tax"),
    discounts: z.array(appliedDiscountPayload),
    shippingMethod: z.object({ _id: z.string(), name: z.string() }),
    shippingPrice: z.number().describe("After a free-shipping discount"),
    taxPrice: z.number(),
    tax: z.object({
      name: z.string(),
      rate: z.number(),
      included: z.boolean(),
      onShipping: z.boolean().describe("Charged on shipping too (EU VAT)"),
    }),
    totalPrice: z.number().describe("What to charge: the intent's amount for POST /payment/process"),
    coupon: z
      .object({ code: z.string(), applies: z.boolean(), reason: z.string().nullable() })
      .nullable()
      .describe("What became of couponCode: whether it applies, and why not in words; null when none was sent"),
  })
  .openapi("Quote");

export type DiscountPayload = z.infer<typeof discountPayload>;
export type QuotePayload = z.infer<typeof quotePayload>;
export type MethodPayload = z.infer<typeof methodPayload>;
export type ZonePayload = z.infer<typeof zonePayload>;
export type TaxRatePayload = z.infer<typeof taxRatePayload>;
export type CategoryPayload = z.infer<typeof categoryPayload>;
export type PagePayload = z.infer<typeof pagePayload>;
export type ReviewPayload = z.infer<typeof reviewPayload>;
export type ProductPayload = z.infer<typeof productPayload>;
export type UserPayload = z.infer<typeof userPayload>;
export type OrderPayload = z.infer<typeof orderPayload>;
export type RefundPayload = z.infer<typeof refundPayload>;
export type RefundablePayload = z.infer<typeof refundablePayload>;

/** A refund as the model reads it (refundsOf in app/models/after-sales/refunds.server.ts). */
export type RefundRecord = {
  id: string;
  amountCents: number;
  reason: string;
  restock: boolean;
  source: RefundSource;
  status: RefundStatus;
  createdAt: Date;
  lines: { orderLineId: string; quantity: number }[];
};

/** What the refund form offers (refundPlan in app/models/after-sales/refunds.server.ts). */
export type RefundPlanRecord = {
  refundableCents: number;
  lines: { id: string; name: string; variantTitle: string | null; quantity: number; refundable: number }[];
};

export function refundableJson(plan: RefundPlanRecord): RefundablePayload {
  return {
    amount: centsToDollars(plan.refundableCents),
    items: plan.lines.map((line) => ({
      item: line.id,
      name: line.name,
      variantTitle: line.variantTitle,
      quantity: line.quantity,
      refundable: line.refundable,
    })),
  };
}

/** A refund in the API's shape: the amount in dollars, its items by order line id. */
export function refundJson(refund: RefundRecord): RefundPayload {
  return {
    _id: refund.id,
    amount: centsToDollars(refund.amountCents),
    reason: refund.reason,
    restock: refund.restock,
    source: refund.source,
    status: refund.status,
    createdAt: refund.createdAt.toISOString(),
    items: refund.lines.map((line) => ({ item: line.orderLineId, quantity: line.quantity })),
  };
}

/** Every error of the API. */
export const errorPayload = z.object({ success: z.literal(false), message: z.string() }).openapi("Error");

export type ReturnPayload = z.infer<typeof returnPayload>;

/** A return as the model reads it (returnsOf in app/models/after-sales/returns.server.ts). */
export type ReturnRecord = {
  id: string;
  status: ReturnStatus;
  reason: string;
  createdAt: Date;
  refundId: string | null;
  lines: { orderLineId: string; quantity: number }[];
};

export function returnJson(ret: ReturnRecord): ReturnPayload {
  return {
    _id: ret.id,
    status: ret.status,
    reason: ret.reason,
    createdAt: ret.createdAt.toISOString(),
    items: ret.lines.map((l) => ({ item: l.orderLineId, quantity: l.quantity })),
    refund: ret.refundId,
  };
}

/** A row of the returns inbox (listReturns in app/models/after-sales/returns.server.ts). */
export function inboxReturnJson(row: {
  id: string;
  status: ReturnStatus;
  reason: string;
  createdAt: Date;
  orderId: string;
  orderNumber: number;
  customerName: string;
  customerEmail: string | null;
  items: { name: string; quantity: number }[];
}): z.infer<typeof inboxReturnPayload> {
  return {
    _id: row.id,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    order: { _id: row.orderId, orderNumber: row.orderNumber },
    customer: { name: row.customerName, email: row.customerEmail },
    items: row.items,
  };
}

/** What the shopper may return (returnPlan in app/models/after-sales/returns.server.ts). */
export function returnableJson(plan: {
  deadline: Date | null;
  problem: string | null;
  lines: { id: string; name: string; variantTitle: string | null; quantity: number; returnable: number }[];
}): z.infer<typeof returnablePayload> {
  return {
    until: plan.deadline?.toISOString() ?? null,
    problem: plan.problem,
    items: plan.lines.map((line) => ({
      item: line.id,
      name: lineName(line.name, line.variantTitle),
      quantity: line.quantity,
      returnable: line.returnable,
    })),
  };
}
