import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { checkbox } from "./checkbox-field";
import { COUNTRY_NAMES } from "./countries";
import { CURRENCIES, LOCALES, type Locale } from "./money-formats";

// The owner's settings (admin → Settings, PUT /api/v1/admin/settings): what the storefront shows of
// the business. Kept as one document; a setting never saved reads as its default here, so a fresh
// shop looks as the specification describes it and a setting added later needs no migration.

export { CURRENCIES, LOCALES, type Locale, type MoneyFormat } from "./money-formats";
const LOCALE_CODES = Object.keys(LOCALES) as [Locale, ...Locale[]];

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} can be at most ${max} characters`)
    .transform((v) => v.replace(/\r\n?/g, "\n"));

/**
 * A link the hero's button may lead to: a page of this shop ("/search?category=Laptops") or a web
 * address (https://…). Nothing else: no `javascript:`, no "//elsewhere" that reads as a path.
 */
const heroLink = z
  .string()
  .trim()
  .max(500, "The link can be at most 500 characters")
  .refine(
    (v) => v === "" || /^\/(?![/\\])[^\s]*$/.test(v) || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(v),
    "Enter a page of the shop (starting with /) or a web address (starting with https://)",
  );

const RETURN_WINDOW_MESSAGE = "Enter a number of days from 0 (no returns) to 365";

/**
 * A whole number from 0 to `max`, with one message for anything else: a JSON number, or the digits
 * a form sends ("30"; not "1e2" nor "0x10"). Nothing else is taken for a number: not `true`, `[]`, `null` nor an empty
 * field (which z.coerce would read as 1 or 0). A form without the field at all reads as 0: off.
 */
const wholeNumber = (max: number, message: string) =>
  z.preprocess(
    (v) => (v === undefined ? 0 : typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ invalid_type_error: message, required_error: message }).int(message).min(0, message).max(max, message),
  );
/** The IANA time zones this runtime knows ("Europe/Berlin"), and UTC. */
export function timeZones(): string[] {
  return ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
}
let knownZones: Set<string> | undefined;
const isTimeZone = (zone: string) => (knownZones ??= new Set(timeZones())).has(zone);
const knownCountries = new Set(COUNTRY_NAMES);

const LOW_STOCK_MESSAGE = "Enter a number of units from 0 (no mail) to 100000";
const CART_REMINDER_MESSAGE = "Enter a number of hours from 0 (no reminders) to 720";

/** The settings the owner edits in the form and the API, each with the message shown beside it. */
export function shopSettingsSchema() {
  return z.object({
    name: text(60, "The shop's name").pipe(z.string().min(1, "Enter the shop's name")),
    contactEmail: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, "The e-mail address can be at most 254 characters")
      .refine(
        (v) => v === "" || z.string().email().safeParse(v).success,
        "Enter an e-mail address, such as owner@example.com",
      ),
    contactAddress: text(500, "The address"),
    // What invoices name as the seller: the business's legal name and its tax (VAT) number.
    legalName: text(120, "The legal name"),
    taxId: text(40, "The tax number"),
    currency: z.enum(CURRENCIES, { errorMap: () => ({ message: "Choose one of the listed currencies" }) }),
    locale: z.enum(LOCALE_CODES, { errorMap: () => ({ message: "Choose one of the listed languages" }) }),
    // Catalogue prices include the tax (VAT style: the price shown is the price paid, the receipt
    // shows the tax in it), or exclude it (US style: the tax is added at checkout).
    pricesIncludeTax: checkbox,
    // VAT is charged on shipping too (the EU's rule); off, the specification's rule: tax on the items.
    taxOnShipping: checkbox,
    // Where the shop is: a cart is priced for it (shipping and tax) until the shopper gives an address.
    homeCountry: z
      .string()
      .trim()
      .refine((v) => v === "" || knownCountries.has(v), "Choose a country from the list"),
    // The zone the shop's times are shown in, to shoppers and owner alike.
    timeZone: z.string().trim().refine(isTimeZone, "Choose a time zone from the list"),
    // The home page's title and description, as browsers and search engines show them.
    homeTitle: text(70, "The page title").pipe(z.string().min(1, "Enter the home page's title in search results")),
    homeDescription: text(160, "The description"),
    heroTitle: text(80, "The title").pipe(z.string().min(1, "Enter the home page's title")),
    heroText: text(300, "The text"),
    heroLinkLabel: text(40, "The button's label"),
    heroLink,
    // The categories the home page shows, by name (the model checks they exist), or null for every
    // category the storefront lists, new ones included. A form sends one checkbox's value as a
    // string, none as nothing at all.
    heroCategories: z.preprocess(
      (v) => (v === undefined || v === "" ? [] : typeof v === "string" ? [v] : v),
      z
        .array(z.string().max(40, "Choose categories from the list"), {
          invalid_type_error: "Choose categories from the list",
        })
        .max(200, "Choose categories from the list")
        .transform((names) => [...new Set(names)])
        .nullable(),
    ),
    // How many days after delivery a shopper may ask to return items; 0: the shop takes no returns.
    returnWindowDays: wholeNumber(365, RETURN_WINDOW_MESSAGE),
    // The owner's mails go to the contact e-mail and to the admins chosen here (their ids; the
    // model checks each is an admin when saved, and mails only those who still are).
    newOrderMails: checkbox,
    dailySummary: checkbox,
    ownerMailAdmins: z.preprocess(
      (v) => (v === undefined || v === "" ? [] : typeof v === "string" ? [v] : v),
      z
        .array(z.string().max(64), { invalid_type_error: "Choose admins from the list" })
        .max(100, "Choose admins from the list")
        .transform((ids) => [...new Set(ids)]),
    ),
    // Mails that bring shoppers back (app/models/inventory/stock-alerts.server.ts, low-stock.server.ts,
    // cart-reminders.server.ts); each is off until the owner switches it on.
    // Shoppers may ask to be told when a sold-out product (or variant) is back.
    backInStockMails: checkbox,
    // The owner is mailed once when a product's stock falls under this many units; 0: never.
    lowStockThreshold: wholeNumber(100_000, LOW_STOCK_MESSAGE),
    // Shoppers who asked for it are reminded of a cart left this many hours; 0: never.
    cartReminderHours: wholeNumber(720, CART_REMINDER_MESSAGE),
  });
}

/** The admin's settings form, checked in the browser too. */
export const shopSettingsValidator = withZod(shopSettingsSchema());

export type ShopSettingsInput = z.infer<ReturnType<typeof shopSettingsSchema>>;

/** Everything the shop keeps: the edited settings and the pictures (public URLs, or null). */
export type ShopSettings = ShopSettingsInput & { logoUrl: string | null; heroImageUrl: string | null };

/** Who hears of the shop's orders is the admins' business: what anyone may read of the settings. */
const OWNER_ONLY = [
  "newOrderMails",
  "dailySummary",
  "ownerMailAdmins",
  "lowStockThreshold",
  "cartReminderHours",
] as const;
export function publicShopSettings(settings: ShopSettings): Omit<ShopSettings, (typeof OWNER_ONLY)[number]> {
  const shown: Partial<ShopSettings> = { ...settings };
  for (const key of OWNER_ONLY) delete shown[key];
  return shown as Omit<ShopSettings, (typeof OWNER_ONLY)[number]>;
}

/** A button without a label or a link is no button: both or neither. */
export function heroButtonProblem(settings: Pick<ShopSettingsInput, "heroLink" | "heroLinkLabel">) {
  if (settings.heroLinkLabel && !settings.heroLink)
    return { field: "heroLink", message: "Enter where the button leads" };
  if (settings.heroLink && !settings.heroLinkLabel)
    return { field: "heroLinkLabel", message: "Enter the button's label" };
  return null;
}

/**
 * What a setting never saved reads as: neutral, the shop's name and nothing of the demo's (whose
 * storefront, the specification's, the demo seed saves: app/seed/demo-settings.ts).
 */
export function defaultShopSettings(shopName: string): ShopSettings {
  return {
    name: shopName,
    contactEmail: "",
    contactAddress: "",
    currency: "USD",
    locale: "en-US",
    pricesIncludeTax: false,
    taxOnShipping: false,
    homeCountry: "",
    timeZone: "UTC",
    homeTitle: "Home",
    homeDescription: `${shopName}, an online shop.`.slice(0, 160),
    legalName: "",
    taxId: "",
    heroTitle: `Welcome to ${shopName}`.slice(0, 80),
    heroText: "",
    heroLinkLabel: "",
    heroLink: "",
    heroCategories: null,
    newOrderMails: true,
    dailySummary: false,
    ownerMailAdmins: [],
    returnWindowDays: 0,
    backInStockMails: false,
    lowStockThreshold: 0,
    cartReminderHours: 0,
    logoUrl: null,
    heroImageUrl: null,
  };
}
