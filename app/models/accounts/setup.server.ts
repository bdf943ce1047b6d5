import { count, eq } from "drizzle-orm";
import { config } from "~/config.server";
import { db, type Tx } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { isUniqueViolation, lockName } from "~/db/dialect";
import {
  categories,
  pages,
  products,
  shippingMethods,
  shippingZoneCountries,
  shippingZones,
  taxRates,
  users,
} from "~/db/schema";
import { PublicError } from "~/lib/public-error";
import { ADMIN_ROLE } from "~/lib/roles";
import { defaultShopSettings } from "~/lib/shop-settings";
import { isInEu, SPEC_RULES, type SetupInput, type SetupStep } from "~/lib/setup";
import { EVERYWHERE } from "~/lib/shipping-rules";
import { hashPassword } from "./password.server";
import { saveShopSettings } from "~/models/settings";
import { sign, verify } from "~/models/platform";
import type { User } from "~/models/types";

// A shop without an admin is set up once, from the browser (/setup): the owner's account, the
// shop's name, money and home country, and its first shipping and tax rules. The page is guarded
// by a token only the owner sees (the start log prints its link); it is the shop's secret's HMAC, so
// every node knows it without storing it, and it opens nothing once an admin exists.

const TOKEN_PURPOSE = "shop-setup";
const TOKEN_LENGTH = 32;

export const setupToken = () => sign(TOKEN_PURPOSE, "owner", TOKEN_LENGTH);

export const isSetupToken = (token: string | null | undefined) => verify(TOKEN_PURPOSE, "owner", token, TOKEN_LENGTH);

/** The link the start log prints for the owner. */
export const setupUrl = () => `${config.publicUrl}/setup?token=${setupToken()}`;

// A shop stays set up once it has an admin: known here after the first answer that says so, asked
// of the database (one small query) only while it has none, so another node's setup is seen at once.
let setUp = false;

/** Whether the shop has an admin account (and so no setup page). */
export async function isSetUp(): Promise<boolean> {
  if (setUp) return true;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, ADMIN_ROLE)).limit(1);
  if (admin) setUp = true;
  return setUp;
}

export const ALREADY_SET_UP = "This shop is set up already: log in as its admin.";

// The migration's rules (drizzle/*/…_shipping_tax): the specification's, kept by the demo shop.
const DEMO_ZONE = "zeverywhere";
const DEMO_TAX_RATE = "teverywhere";

async function removeDemoRules(tx: Tx) {
  await tx.delete(shippingZones).where(eq(shippingZones.id, DEMO_ZONE));
  await tx.delete(taxRates).where(eq(taxRates.id, DEMO_TAX_RATE));
}

/**
 * An empty shop starts without the migration's shipping and tax rules (SEED=none): its owner
 * chooses them at setup. Only a shop with no product and no account yet is changed.
 */
export async function startEmpty(): Promise<void> {
  await commitTogether(async (tx) => {
    const [[productRows], [userRows]] = await Promise.all([
      tx.select({ n: count() }).from(products),
      tx.select({ n: count() }).from(users),
    ]);
    if (Number(productRows?.n ?? 0) === 0 && Number(userRows?.n ?? 0) === 0) await removeDemoRules(tx);
  });
}

/** The rules chosen at setup: one zone with one flat rate, and one tax rate. */
async function createRules(tx: Tx, input: SetupInput) {
  const spec = input.rules === "spec";
  const rules = spec ? SPEC_RULES : input;
  const country = spec ? EVERYWHERE : input.homeCountry;
  const [zone] = await tx
    .insert(shippingZones)
    .values({ name: spec ? "Everywhere" : input.homeCountry.slice(0, 60), position: 0 })
    .returning({ id: shippingZones.id });
  await tx.insert(shippingZoneCountries).values({ zoneId: zone.id, country });
  await tx.insert(shippingMethods).values({
    zoneId: zone.id,
    name: "Standard",
    kind: "flat",
    priceCents: rules.shippingCents,
    freeOverCents: rules.freeOverCents,
  });
  const name = isInEu(input.homeCountry) ? "VAT" : "Tax";
  await tx.insert(taxRates).values({ country, region: EVERYWHERE, name, rateBp: rules.taxBp });
}

/**
 * Sets the shop up: its owner's admin account, its first rules, then its settings. Refused once the
 * shop has an admin (two owners sending the form at once: the first one only), and for an e-mail that
 * has an account already (setting its password here would take it over).
 */
export async function completeSetup(input: SetupInput): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  let owner: User;
  try {
    owner = await commitTogether(async (tx) => {
      await lockName(tx, "shop_setup");
      const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, ADMIN_ROLE)).limit(1);
      if (admin) throw new PublicError(ALREADY_SET_UP, 409);
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
      if (taken)
        throw new PublicError("This e-mail has an account already: choose another for the owner", 409, "email");
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash, role: ADMIN_ROLE })
        .returning();
      await removeDemoRules(tx);
      await createRules(tx, input);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error, "users.email"))
      throw new PublicError("This e-mail has an account already: choose another for the owner", 409, "email");
    if (isUniqueViolation(error))
      throw new PublicError(
        "The shop has shipping or tax rules that overlap these: choose the specification's, or change them later in Shipping and tax",
        409,
        "rules",
      );
    throw error;
  }
  setUp = true;
  // The settings are one document written by their own model, after the account: should this fail,
  // the owner is signed in and finds them in Settings.
  const vat = isInEu(input.homeCountry);
  const named = defaultShopSettings(input.shopName);
  await saveShopSettings({
    name: input.shopName,
    homeDescription: named.homeDescription,
    heroTitle: named.heroTitle,
    // The owner hears of each paid order.
    ownerMailAdmins: [owner.id],
    currency: input.currency,
    locale: input.locale,
    homeCountry: input.homeCountry,
    pricesIncludeTax: vat,
    taxOnShipping: vat,
  });
  return owner;
}

/** What a new shop still lacks, in the order an owner sets it up. */
export async function setupChecklist(): Promise<SetupStep[]> {
  const any = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0) > 0;
  const [category, product, page, tax, shipping] = (
    await Promise.all([
      db.select({ n: count() }).from(categories),
      db.select({ n: count() }).from(products),
      db.select({ n: count() }).from(pages),
      db.select({ n: count() }).from(taxRates),
      // A method in a zone that ships somewhere.
      db
        .select({ n: count() })
        .from(shippingMethods)
        .innerJoin(shippingZoneCountries, eq(shippingZoneCountries.zoneId, shippingMethods.zoneId)),
    ])
  ).map(any);
  const stripe = Boolean(config.stripe.secretKey);
  return [
    {
      key: "category",
      label: "Add a category",
      done: category,
      to: "/admin/category",
      hint: "Every product belongs to one.",
    },
    {
      key: "product",
      label: "Add a product",
      done: product,
      to: "/admin/product",
      hint: "With its price, stock and pictures.",
    },
    {
      key: "shipping",
      label: "Set up shipping",
      done: shipping,
      to: "/admin/shipping",
      hint: "A zone of countries and a method to ship there: without one, no order can be placed.",
    },
    {
      key: "tax",
      label: "Set up tax",
      done: tax,
      to: "/admin/shipping",
      hint: "A tax rate for the countries you sell to.",
    },
    {
      key: "payments",
      label: "Take real payments",
      done: stripe,
      to: null,
      hint: stripe
        ? "Stripe's keys are set."
        : "Payments go to the built-in sandbox (test cards only): set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET in the shop's environment and restart it.",
    },
    {
      key: "mail",
      label: "Send mail",
      done: Boolean(config.smtpUrl),
      to: null,
      hint: config.smtpUrl
        ? "Mails go through your SMTP server."
        : `Mails are saved in ${config.outboxDir}, not sent: set SMTP_URL in the shop's environment and restart it.`,
    },
    {
      key: "pages",
      label: "Write your pages",
      done: page,
      to: "/admin/pages",
      hint: "Shipping, returns and contact pages, linked from the footer.",
    },
  ];
}
