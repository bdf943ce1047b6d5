import { z, type ZodTypeAny } from "zod";
import {
  adminUserSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordChangeSchema,
  passwordUpdateSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from "~/lib/account-schemas";
import {
  categoryInput,
  categoryMoveInput,
  shippingQuery,
  guestOrderNewInput,
  guestPaymentProcessInput,
  orderLookupInput,
  orderNewInput,
  orderQuoteInput,
  orderStatusInput,
  paymentProcessInput,
  reviewInput,
  settingsInput,
} from "~/lib/api-inputs";
import {
  categoryPayload,
  discountPayload,
  quotePayload,
  methodPayload,
  taxRatePayload,
  zonePayload,
  orderPayload,
  pagePayload,
  refundPayload,
  refundablePayload,
  returnPayload,
  returnablePayload,
  inboxReturnPayload,
  productPayload,
  reviewPayload,
  settingsPayload,
  adminSettingsPayload,
  userPayload,
} from "~/lib/api-payloads";
import { categoryDeleteSchema } from "~/lib/category-schema";
import { discountSchema } from "~/lib/discount-schema";
import { methodSchema, taxRateSchema, zoneSchema } from "~/lib/shipping-rules";
import { pageSchema } from "~/lib/page-schema";
import { cancelInput, refundInput } from "~/lib/refund-schema";
import { returnActionInput, returnInput, returnsInboxQuery } from "~/lib/return-schema";
import { QUERY_FIELDS, catalogueQuerySchema } from "~/lib/catalogue-query";
import { productSchema } from "~/lib/product-schema";
import { DEFAULT_MONEY_FORMAT } from "~/lib/money";
import { unsubscribeInput } from "~/lib/shopper-mails";
import { stockAlertConfirmInput, stockAlertSchema } from "~/lib/stock-alert-schema";
import { optionsSchema, variantsSchema } from "~/lib/variant-schema";

// Every /api/v1 operation, as the OpenAPI document (./document.server.ts) describes it. The request
// schemas are the objects the routes pass to parseApiInput; the payloads are what the routes' JSON
// shapers return. An alias path is one more entry in `paths`.

export type Method = "get" | "post" | "put" | "delete";
/**
 * Who may call: anyone, a signed-in user (cookie or bearer token), or an admin; `guest`: anyone, a
 * signed-in caller as themselves and a caller without credentials as a guest (credentials that no
 * longer sign in are a 401, never a guest).
 */
export type Access = "public" | "guest" | "user" | "admin";

export type ApiOperation = {
  /** Paths under /api/v1, OpenAPI style (`/product/{id}`); more than one when aliases share the code. */
  paths: string[];
  method: Method;
  summary: string;
  tag: "Products" | "Reviews" | "Accounts" | "Orders" | "Payment" | "Admin" | "Meta";
  access: Access;
  /** The JSON body; `multipart` when files may come as multipart/form-data too (`files` names them). */
  body?: { schema: ZodTypeAny; files?: Record<string, "one" | "many"> };
  query?: z.AnyZodObject;
  ok: { status: 200 | 201; description: string; schema: ZodTypeAny };
  /** Answered from the anonymous page cache: 304 on a matching If-None-Match. */
  cached?: true;
  /** Error statuses beyond those that follow from access, body and path parameters. */
  errors?: number[];
  /** False when the call reads no database, so never answers 503 for one that cannot be reached. */
  database?: false;
};

const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });
const message = ok({ message: z.string() });
const signedIn = ok({ token: z.string().describe("A bearer token for the `Authorization` header"), user: userPayload });
// Sign-in with Google: the ID token from Google Identity Services instead of a password.
const googleCredential = z.object({ credential: z.string().describe("A Google ID token") });

// The catalogue query's own field schemas, under their URL names (`price[gte]`, …).
// Amounts sent as text are read as the shop's locale writes money (app/lib/money-input.ts); the
// document, one for every shop, is made with the default's schemas (their shapes are the same).
const DOC_LOCALE = DEFAULT_MONEY_FORMAT.locale;

const catalogueFields = catalogueQuerySchema.innerType().shape;
const catalogueQuery = z.object(
  Object.fromEntries(
    Object.entries(QUERY_FIELDS).map(([field, name]) => [name, catalogueFields[field as keyof typeof QUERY_FIELDS]]),
  ),
);

// A guest's order: its page's link, with the key that opens it without an account.
const orderLink = z
  .string()
  .describe(
    "The order's page for the guest: an absolute URL with its key (`?key=`), as in the confirmation mail. GET /order/{id}?key= answers the same order. Not part of the original API.",
  );
const orderKeyQuery = z.object({
  key: z
    .string()
    .optional()
    .describe(
      "A guest order's key (its link's `?key=`): the order, once placed, without credentials. A wrong key answers 404, as a missing order. Not part of the original API.",
    ),
});
const signedInBody = (schema: ZodTypeAny) => schema.describe("Signed in (the cookie or a bearer token)");
const guestBody = (schema: ZodTypeAny) => schema.describe("A guest (no credentials): `email` is required");

const reviewsQuery = z.object({ id: z.string().describe("The product's id") });
const reviewDeleteQuery = z.object({ id: z.string().describe("The review's id"), productId: z.string() });

/** POST /admin/{kind}/new, PUT and DELETE /admin/{kind}/{id}: the shop's rules (app/web/admin-rule-api.server.ts). */
function ruleOperations(kind: string, what: string, input: ZodTypeAny, answer: z.ZodRawShape): ApiOperation[] {
  return [
    {
      paths: [`/admin/${kind}/new`],
      method: "post",
      summary: `Add ${what}`,
      tag: "Admin",
      access: "admin",
      body: { schema: input },
      ok: { status: 201, description: `The new ${kind.replace("-", " ")}`, schema: ok(answer) },
      errors: [409],
    },
    {
      paths: [`/admin/${kind}/{id}`],
      method: "put",
      summary: `Change ${what} (all of it, as on create)`,
      tag: "Admin",
      access: "admin",
      body: { schema: input },
      ok: { status: 200, description: `The ${kind.replace("-", " ")}`, schema: ok(answer) },
      errors: [409],
    },
    {
      paths: [`/admin/${kind}/{id}`],
      method: "delete",
      summary: `Delete ${what}`,
      tag: "Admin",
      access: "admin",
      ok: { status: 200, description: "Deleted", schema: message },
    },
  ];
}

export const API_OPERATIONS: ApiOperation[] = [
  // Products and reviews
  {
    paths: ["/products"],
    method: "get",
    summary: "Search and page the catalogue",
    tag: "Products",
    access: "public",
    query: catalogueQuery,
    cached: true,
    ok: {
      status: 200,
      description: "One page of products",
      schema: ok({
        productsCount: z.number().int(),
        resPerPage: z.number().int(),
        filteredProductsCount: z.number().int(),
        products: z.array(productPayload),
      }),
    },
    errors: [400],
  },
  {
    paths: ["/product/{id}"],
    method: "get",
    summary: "One product with its reviews",
    tag: "Products",
    access: "public",
    cached: true,
    ok: { status: 200, description: "The product", schema: ok({ product: productPayload }) },
  },
  {
    paths: ["/product/{id}/notify"],
    method: "post",
    summary:
      "Ask for one mail when the sold-out product (or variant) is back in stock; signed in or not (the shop's backInStockMails setting). Unless it is the caller's own proven address, the address gets a link to confirm first (POST /back-in-stock/confirm); the answer is the same whatever the address's state. Rate-limited per client IP and per mailbox",
    tag: "Products",
    access: "public",
    body: { schema: stockAlertSchema },
    ok: { status: 201, description: "Asked for", schema: message },
    errors: [403, 409, 429],
  },
  {
    paths: ["/back-in-stock/confirm"],
    method: "post",
    summary: "Confirm a back-in-stock request by the token of the link mailed to its address, without signing in",
    tag: "Products",
    access: "public",
    body: { schema: stockAlertConfirmInput },
    ok: { status: 200, description: "Confirmed", schema: message },
    errors: [404],
  },
  {
    paths: ["/review"],
    method: "put",
    summary: "Write or replace the caller's review of a product",
    tag: "Reviews",
    access: "user",
    body: { schema: reviewInput },
    ok: { status: 200, description: "Saved", schema: ok({}) },
    errors: [404],
  },
  {
    paths: ["/reviews"],
    method: "get",
    summary: "A product's reviews",
    tag: "Reviews",
    access: "public",
    query: reviewsQuery,
    ok: { status: 200, description: "The reviews", schema: ok({ reviews: z.array(reviewPayload) }) },
    errors: [400, 404],
  },
  {
    paths: ["/reviews"],
    method: "delete",
    summary: "Delete a review",
    tag: "Reviews",
    access: "admin",
    query: reviewDeleteQuery,
    ok: { status: 200, description: "Deleted", schema: message },
    errors: [400, 404],
  },

  // Accounts
  {
    paths: ["/login"],
    method: "post",
    summary: "Sign in with e-mail and password, or a Google credential",
    tag: "Accounts",
    access: "public",
    body: { schema: z.union([loginSchema, googleCredential]) },
    ok: { status: 200, description: "Signed in: the session cookie is set", schema: signedIn },
    errors: [401, 429],
  },
  {
    paths: ["/register"],
    method: "post",
    summary:
      "Create an account (or sign in with a Google credential). Its 409 tells whether an address has an account, so tries are rate-limited per client IP",
    tag: "Accounts",
    access: "public",
    body: { schema: z.union([registerSchema, googleCredential]), files: { avatar: "one" } },
    ok: { status: 201, description: "Registered and signed in", schema: signedIn },
    errors: [401, 409, 429],
  },
  {
    paths: ["/me"],
    method: "get",
    summary: "The signed-in user",
    tag: "Accounts",
    access: "user",
    ok: { status: 200, description: "The user", schema: ok({ user: userPayload }) },
  },
  {
    paths: ["/me/update"],
    method: "put",
    summary: "Change the caller's name, e-mail and avatar",
    tag: "Accounts",
    access: "user",
    body: { schema: profileSchema, files: { avatar: "one" } },
    ok: { status: 200, description: "The updated user", schema: ok({ user: userPayload }) },
    errors: [409],
  },
  {
    paths: ["/me/email/proof"],
    method: "post",
    summary: "Mail the caller's unconfirmed e-mail address another link to confirm it (valid 24 hours)",
    tag: "Accounts",
    access: "user",
    ok: { status: 200, description: "Mailed", schema: message },
    errors: [400, 429],
  },
  {
    paths: ["/me/email/confirm/{token}"],
    method: "post",
    summary:
      "Confirm the caller's e-mail address with the token of the link mailed to it: only while the account still has that address; its guest orders join the account",
    tag: "Accounts",
    access: "user",
    ok: { status: 200, description: "Confirmed", schema: ok({ email: z.string(), message: z.string() }) },
    errors: [400, 403],
  },
  {
    paths: ["/logout"],
    method: "get",
    summary:
      "Sign out (ends the cookie's session and its bearer token); refused (403) when another site started the request",
    tag: "Accounts",
    access: "public",
    ok: { status: 200, description: "Signed out", schema: message },
    errors: [403],
  },
  {
    paths: ["/password/change"],
    method: "put",
    summary: "Change the caller's password",
    tag: "Accounts",
    access: "user",
    body: { schema: passwordChangeSchema },
    ok: {
      status: 200,
      description: "Changed: a new session and bearer token",
      schema: ok({ token: z.string(), message: z.string() }),
    },
  },
  {
    paths: ["/password/update"],
    method: "put",
    summary: "Change the caller's password (the original client's path and field names)",
    tag: "Accounts",
    access: "user",
    body: { schema: passwordUpdateSchema },
    ok: {
      status: 200,
      description: "Changed: a new session and bearer token",
      schema: ok({ token: z.string(), message: z.string() }),
    },
  },
  {
    paths: ["/password/reset", "/password/forgot"],
    method: "post",
    summary: "Mail a password-reset link",
    tag: "Accounts",
    access: "public",
    body: { schema: forgotPasswordSchema },
    ok: { status: 200, description: "The same answer whether or not the account exists", schema: message },
    errors: [429],
  },
  {
    paths: ["/password/reset/{token}"],
    method: "put",
    summary: "Set a new password with a reset link's token",
    tag: "Accounts",
    access: "public",
    body: { schema: resetPasswordSchema },
    ok: { status: 200, description: "Changed", schema: message },
  },

  // Orders and payment
  {
    paths: ["/stripeapi"],
    method: "get",
    summary: "The payment provider's publishable key",
    tag: "Payment",
    access: "public",
    ok: { status: 200, description: "The key", schema: ok({ stripeApiKey: z.string() }) },
    errors: [503],
  },
  {
    paths: ["/payment/process"],
    method: "post",
    summary:
      "Start paying for the cart (amount in cents); without credentials, a guest's client cart, for the e-mail given",
    tag: "Payment",
    access: "guest",
    body: { schema: z.union([signedInBody(paymentProcessInput), guestBody(guestPaymentProcessInput)]) },
    ok: { status: 200, description: "The payment intent's client secret", schema: ok({ client_secret: z.string() }) },
    errors: [503],
  },
  {
    paths: ["/order/new"],
    method: "post",
    summary:
      "Confirm the order once the payment succeeded; without credentials, a guest's, with the e-mail its payment named",
    tag: "Orders",
    access: "guest",
    body: { schema: z.union([signedInBody(orderNewInput), guestBody(guestOrderNewInput)]) },
    ok: {
      status: 201,
      description: "The order; a guest's with its page's link (`orderLink`)",
      schema: ok({ order: orderPayload, orderLink: orderLink.optional() }),
    },
    errors: [403, 404, 409, 503],
  },
  {
    paths: ["/order/lookup"],
    method: "post",
    summary: "Find a guest's order again by its number and the e-mail it was bought with",
    tag: "Orders",
    access: "public",
    body: { schema: orderLookupInput },
    ok: { status: 200, description: "The order and its page's link", schema: ok({ order: orderPayload, orderLink }) },
    // One 404 whatever did not match; counted per client address and per e-mail.
    errors: [404, 429],
  },
  {
    paths: ["/orders/me"],
    method: "get",
    summary: "The caller's orders",
    tag: "Orders",
    access: "user",
    ok: { status: 200, description: "The orders, newest first", schema: ok({ orders: z.array(orderPayload) }) },
  },
  {
    paths: ["/order/{id}"],
    method: "get",
    summary: "One of the caller's orders (any order for an admin), or a guest's order by its key",
    tag: "Orders",
    access: "guest",
    query: orderKeyQuery,
    ok: {
      status: 200,
      description:
        "The order, its returns, and what of it may still be returned (null: another's, for an admin, or a guest's by its key)",
      schema: ok({
        order: orderPayload,
        returns: z.array(returnPayload),
        // A union, not .nullable(): zod-to-openapi would write a $ref that null cannot match.
        returnable: z.union([returnablePayload, z.null()]),
      }),
    },
  },
  {
    paths: ["/order/{id}/return"],
    method: "post",
    summary: "Ask to return items of one's delivered order, within the shop's return window (a mail confirms it)",
    tag: "Orders",
    access: "user",
    body: { schema: returnInput },
    ok: { status: 201, description: "The return, requested", schema: ok({ return: returnPayload }) },
    errors: [409],
  },

  // Admin
  {
    paths: ["/admin/products"],
    method: "get",
    summary: "Every product",
    tag: "Admin",
    access: "admin",
    ok: { status: 200, description: "The products", schema: ok({ products: z.array(productPayload) }) },
  },
  {
    paths: ["/admin/product/new"],
    method: "post",
    summary: "Create a product (images as data URLs or files)",
    tag: "Admin",
    access: "admin",
    body: { schema: productSchema(DOC_LOCALE), files: { images: "many" } },
    ok: { status: 201, description: "The product", schema: ok({ product: productPayload }) },
  },
  {
    paths: ["/admin/product/{id}"],
    method: "put",
    summary: "Update a product (new images replace the old)",
    tag: "Admin",
    access: "admin",
    body: { schema: productSchema(DOC_LOCALE), files: { images: "many" } },
    ok: { status: 200, description: "Updated", schema: message },
  },
  {
    paths: ["/admin/product/{id}/options"],
    method: "put",
    summary:
      "Set a product's options (Memory: 8 GB, 16 GB…): each new combination becomes a variant at the product's price with no stock, each gone one is deleted; none: no variants",
    tag: "Admin",
    access: "admin",
    body: { schema: optionsSchema },
    ok: {
      status: 200,
      description: "The product, with its options and variants",
      schema: ok({ product: productPayload }),
    },
  },
  {
    paths: ["/admin/product/{id}/variants"],
    method: "put",
    summary:
      "Set every variant a product sells: each a combination of its options, with SKU, price, stock and picture (one of the product's images); one left out is no longer sold",
    tag: "Admin",
    access: "admin",
    body: { schema: variantsSchema([], { fromForm: false, locale: DOC_LOCALE }) },
    ok: {
      status: 200,
      description: "The product, with its options and variants",
      schema: ok({ product: productPayload }),
    },
    errors: [409],
  },
  {
    paths: ["/admin/product/{id}"],
    method: "delete",
    summary: "Delete a product",
    tag: "Admin",
    access: "admin",
    ok: { status: 200, description: "Deleted", schema: message },
  },
  {
    paths: ["/admin/orders"],
    method: "get",
    summary: "Every order and the total paid",
    tag: "Admin",
    access: "admin",
    ok: {
      status: 200,
      description: "The orders",
      schema: ok({
        totalAmount: z
          .number()
          .describe("What the orders paid in the shop's currency brought in, less what was refunded of them"),
        currency: z.string().describe("The shop's currency (ISO 4217); each order names its own"),
        orders: z.array(orderPayload),
      }),
    },
  },
  {
    paths: ["/admin/update/order/{id}", "/admin/order/{id}"],
    method: "put",
    summary:
      "Set an order's status, and its carrier and tracking number (with Shipped or Delivered); a step back needs `confirmBackward: true` (409 without it)",
    tag: "Admin",
    access: "admin",
    body: { schema: orderStatusInput },
    ok: { status: 200, description: "Updated", schema: message },
    errors: [409],
  },
  {
    paths: ["/admin/order/{id}"],
    method: "get",
    summary: "Any order, placed or not, with its refunds and what may still be refunded of it",
    tag: "Admin",
    access: "admin",
    ok: {
      status: 200,
      description:
        "The order, its refunds (oldest first), and its items' ids with how many of each may still be refunded",
      schema: ok({ order: orderPayload, refunds: z.array(refundPayload), refundable: refundablePayload }),
    },
  },
  {
    paths: ["/admin/order/{id}/refund"],
    method: "post",
    summary:
      "Refund part or all of a paid order through the payment provider: some items (their share of what was paid), an amount, or both; " +
      "the same `key` (or `Idempotency-Key` header) again answers the refund it made (with other items, amount or restocking: 409)",
    tag: "Admin",
    access: "admin",
    body: { schema: refundInput(DOC_LOCALE) },
    ok: {
      status: 201,
      description: "The refund (`replayed`: made by an earlier request with the same key) and the order as it is now",
      schema: ok({
        replayed: z.boolean().describe("true when the key was used before: no new refund was made"),
        refund: refundPayload,
        order: orderPayload,
      }),
    },
    errors: [409, 503],
  },
  {
    paths: ["/admin/order/{id}/cancel"],
    method: "post",
    summary:
      "Cancel an order not shipped yet: an unpaid one's stock goes back, a paid one is refunded in full with its items back in stock",
    tag: "Admin",
    access: "admin",
    body: { schema: cancelInput },
    ok: {
      status: 200,
      description: "Cancelled (`cancelled`: false when it was already), the refund made, and the order as it is now",
      schema: ok({
        cancelled: z.boolean().describe("false when the order was cancelled already"),
        // A union, not .nullable(): zod-to-openapi would write a $ref that null cannot match.
        refund: z.union([refundPayload, z.null()]).describe("The refund this call made; null when none was needed"),
        order: orderPayload,
      }),
    },
    errors: [409, 503],
  },
  {
    paths: ["/admin/return/{id}"],
    method: "post",
    summary:
      "The next step of a return: approve or reject it, mark it received, or refund it (the items' share of what was paid, back in stock); each mails the shopper",
    tag: "Admin",
    access: "admin",
    body: { schema: returnActionInput },
    ok: { status: 200, description: "The return as it is now", schema: ok({ return: returnPayload }) },
    errors: [409, 503],
  },
  {
    paths: ["/admin/returns"],
    method: "get",
    summary: "The returns inbox: every order's returns, newest first, filtered by state, searched and paged",
    tag: "Admin",
    access: "admin",
    query: returnsInboxQuery,
    ok: {
      status: 200,
      description: "One page of returns",
      schema: ok({
        count: z.number().int().describe("How many returns match, on every page"),
        resPerPage: z.number().int(),
        returns: z.array(inboxReturnPayload),
      }),
    },
    errors: [400],
  },
  {
    paths: ["/admin/order/{id}"],
    method: "delete",
    summary: "Delete an order; a paid one not refunded in full is refused (409): cancel or refund it first",
    tag: "Admin",
    access: "admin",
    ok: { status: 200, description: "Deleted", schema: message },
    errors: [409],
  },
  {
    paths: ["/admin/users"],
    method: "get",
    summary: "Every user",
    tag: "Admin",
    access: "admin",
    ok: { status: 200, description: "The users", schema: ok({ users: z.array(userPayload) }) },
  },
  {
    paths: ["/admin/user/{id}"],
    method: "get",
    summary: "One user",
    tag: "Admin",
    access: "admin",
    ok: { status: 200, description: "The user", schema: ok({ user: userPayload }) },
  },
  {
    paths: ["/admin/user/{id}"],
    method: "put",
    summary: "Change a user's name, e-mail and role",
    tag: "Admin",
    access: "admin",
    body: { schema: adminUserSchema },
    ok: { status: 200, description: "The updated user", schema: ok({ user: userPayload }) },
    errors: [409],
  },
  {
    paths: ["/admin/user/{id}"],
    method: "delete",
    summary: "Delete a user (not oneself)",
    tag: "Admin",
    access: "admin",
    ok: { status: 200, description: "Deleted", schema: message },
    errors: [400],
  },

  {
    paths: ["/unsubscribe"],
    method: "post",
    summary: "Stop the mails an unsubscribe link is for (back in stock, cart reminders), without signing in",
    tag: "Accounts",
    access: "public",
    body: { schema: unsubscribeInput },
    ok: { status: 200, description: "Unsubscribed", schema: message },
    errors: [404],
  },

  // The shop's settings
  {
    paths: ["/settings"],
    method: "get",
    summary: "What the storefront shows of the shop: name, logo, contact, currency, home page",
    tag: "Meta",
    access: "public",
    ok: { status: 200, description: "The shop's settings", schema: ok({ settings: settingsPayload }) },
  },
  {
    paths: ["/admin/settings"],
    method: "get",
    summary: "The shop's settings",
    tag: "Admin",
    access: "admin",
    ok: { status: 200, description: "The shop's settings", schema: ok({ settings: adminSettingsPayload }) },
  },
  {
    paths: ["/admin/settings"],
    method: "put",
    summary: "Change any of the shop's settings (the others stay), its logo and its hero's picture",
    tag: "Admin",
    access: "admin",
    body: { schema: settingsInput, files: { logo: "one", heroImage: "one" } },
    ok: { status: 200, description: "The settings now in force", schema: ok({ settings: adminSettingsPayload }) },
  },

  // The shop's categories
  {
    paths: ["/categories"],
    method: "get",
    summary: "The categories the storefront lists, in the shop's order",
    tag: "Products",
    access: "public",
    ok: { status: 200, description: "The categories", schema: ok({ categories: z.array(categoryPayload) }) },
  },
  {
    paths: ["/admin/categories"],
    method: "get",
    summary: "Every category, hidden ones too, with how many products each holds",
    tag: "Admin",
    access: "admin",
    ok: { status: 200, description: "The categories", schema: ok({ categories: z.array(categoryPayload) }) },
  },
  {
    paths: ["/admin/category/new"],
    method: "post",
    summary: "Add a category, last in the shop's order (the slug is made from the name when left out)",
    tag: "Admin",
    access: "admin",
    body: { schema: categoryInput, files: { image: "one" } },
    ok: { status: 201, description: "The category", schema: ok({ category: categoryPayload }) },
    errors: [409],
  },
  {
    paths: ["/admin/category/{id}"],
    method: "put",
    summary: "Change a category (all of it, as on create): a new name goes to its products too",
    tag: "Admin",
    access: "admin",
    body: { schema: categoryInput, files: { image: "one" } },
    ok: { status: 200, description: "The category", schema: ok({ category: categoryPayload }) },
    errors: [409],
  },
  {
    paths: ["/admin/category/{id}"],
    method: "delete",
    summary: "Delete a category; one that holds products needs `moveTo`, the category they go to",
    tag: "Admin",
    access: "admin",
    query: categoryDeleteSchema.extend({
      moveTo: categoryDeleteSchema.shape.moveTo.describe("Another category's id, for the products this one holds"),
    }),
    ok: {
      status: 200,
      description: "Deleted",
      schema: ok({ message: z.string(), moved: z.number().int().describe("How many products moved") }),
    },
    errors: [400, 409],
  },
  {
    paths: ["/admin/category/{id}/move"],
    method: "post",
    summary: "Move a category one place up or down in the shop's order",
    tag: "Admin",
    access: "admin",
    body: { schema: categoryMoveInput },
    ok: { status: 200, description: "Moved", schema: message },
  },

  // Shipping and tax by region
  {
    paths: ["/shipping/methods"],
    method: "get",
    summary: "The shipping methods to a country and the tax there, for a client that prices its own cart",
    tag: "Orders",
    access: "public",
    query: shippingQuery,
    ok: {
      status: 200,
      description: "The zone that ships there, its methods (the first is the default) and the tax",
      schema: ok({
        country: z.string().describe("The country as the shop's list names it"),
        zone: z.object({ _id: z.string(), name: z.string() }),
        methods: z.array(methodPayload),
        tax: z
          .object({ name: z.string(), rate: z.number(), included: z.boolean() })
          .nullable()
          .describe("null: no tax applies there"),
      }),
    },
    errors: [400],
  },
  {
    paths: ["/admin/shipping"],
    method: "get",
    summary: "Every shipping zone with its countries and methods, and every tax rate",
    tag: "Admin",
    access: "admin",
    ok: {
      status: 200,
      description: "The shop's rules",
      schema: ok({ zones: z.array(zonePayload), taxRates: z.array(taxRatePayload) }),
    },
  },
  ...ruleOperations("shipping-zone", "a shipping zone", zoneSchema, { zone: zonePayload }),
  ...ruleOperations("shipping-method", "a shipping method", methodSchema(DOC_LOCALE), { method: methodPayload }),
  ...ruleOperations("tax-rate", "a tax rate", taxRateSchema, { taxRate: taxRatePayload }),

  // Discount codes and promotions
  {
    paths: ["/order/quote"],
    method: "post",
    summary: "Price a client's cart as its order will be, with a discount code: the amount to pay",
    tag: "Orders",
    access: "public",
    body: { schema: orderQuoteInput },
    ok: {
      status: 200,
      description: "The order's total, and what became of the code",
      schema: ok({ quote: quotePayload }),
    },
    errors: [400, 404],
  },
  {
    paths: ["/admin/discounts"],
    method: "get",
    summary: "Every discount code and automatic promotion, with its uses and the amount it discounted",
    tag: "Admin",
    access: "admin",
    ok: { status: 200, description: "The discounts", schema: ok({ discounts: z.array(discountPayload) }) },
  },
  ...ruleOperations("discount", "a discount code or promotion", discountSchema(DOC_LOCALE), {
    discount: discountPayload,
  }),

  // The shop's own pages
  {
    paths: ["/pages"],
    method: "get",
    summary: "The pages the footer links (contact, shipping and returns, privacy, terms, …)",
    tag: "Meta",
    access: "public",
    ok: {
      status: 200,
      description: "Their addresses and titles, in the footer's order",
      schema: ok({ pages: z.array(z.object({ slug: z.string(), title: z.string() })) }),
    },
  },
  {
    paths: ["/page/{slug}"],
    method: "get",
    summary: "One of the shop's pages",
    tag: "Meta",
    access: "public",
    ok: { status: 200, description: "The page", schema: ok({ page: pagePayload }) },
    errors: [404],
  },
  {
    paths: ["/admin/pages"],
    method: "get",
    summary: "Every page, in the footer or not",
    tag: "Admin",
    access: "admin",
    ok: { status: 200, description: "The pages", schema: ok({ pages: z.array(pagePayload) }) },
  },
  {
    paths: ["/admin/page/new"],
    method: "post",
    summary: "Add a page (Markdown; the slug is made from the title when left out)",
    tag: "Admin",
    access: "admin",
    body: { schema: pageSchema },
    ok: { status: 201, description: "The page", schema: ok({ page: pagePayload }) },
    errors: [409],
  },
  {
    paths: ["/admin/page/{id}"],
    method: "put",
    summary: "Change a page (all of it, as on create)",
    tag: "Admin",
    access: "admin",
    body: { schema: pageSchema },
    ok: { status: 200, description: "The page", schema: ok({ page: pagePayload }) },
    errors: [409],
  },
  {
    paths: ["/admin/page/{id}"],
    method: "delete",
    summary: "Delete a page",
    tag: "Admin",
    access: "admin",
    ok: { status: 200, description: "Deleted", schema: message },
  },

  // This document
  {
    paths: ["/openapi.json"],
    method: "get",
    summary: "This OpenAPI document",
    tag: "Meta",
    access: "public",
    ok: { status: 200, description: "OpenAPI 3.1", schema: z.object({ openapi: z.string() }).passthrough() },
    database: false,
  },
];

/** Any other path under /api/v1, at any depth and with any method, answers 404 in the error shape. */
export const UNKNOWN_PATH = "/{path}";
