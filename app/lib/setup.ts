import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { registerSchema } from "./account-schemas";
import { countryCode } from "./countries";
import { EVERYWHERE, methodSchema, taxRateSchema } from "./shipping-rules";
import { shopSettingsSchema } from "./shop-settings";

// The one-time setup of a shop without an admin (/setup): the owner's account, the shop's name,
// money and home country, and its first shipping and tax rules.

/** The European Union's members (ISO 3166-1 alpha-2): a shop at home there prices as VAT requires. */
const EU = new Set("AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split(" "));
export const isInEu = (country: string) => EU.has(countryCode(country) ?? "");

/** The specification's rules, offered as they are: $25 shipping, free over $200, 5% tax everywhere. */
export const SPEC_RULES = { shippingCents: 2500, freeOverCents: 20000, taxBp: 500 } as const;

export const SETUP_RULES = ["own", "spec"] as const;

const settings = shopSettingsSchema().shape;

// Everything but the rules' amounts, each field checked on its own.
const shopAndOwner = registerSchema.extend({
  token: z.string().max(200).default(""),
  shopName: settings.name,
  currency: settings.currency,
  locale: settings.locale,
  homeCountry: settings.homeCountry.refine((v) => v !== "", "Choose the country the shop is in"),
});

/** What a form sends for a number: kept as typed, so that the shipping and tax forms' rules read it. */
const typed = z.string().max(20).optional().default("");

// The rules: the specification's, or one flat rate and one tax rate for the home country, read by
// the shipping and tax forms' own rules (so an amount means here what it means there).
const rules = z
  .object({
    rules: z.enum(SETUP_RULES, { errorMap: () => ({ message: "Choose the shipping and tax to start with" }) }),
    // The amounts are read in the language chosen for prices (its own field says when it is wrong).
    locale: settings.locale.catch("en-US"),
    shippingPrice: typed,
    freeOver: typed,
    taxRate: typed,
  })
  .transform((input, context) => {
    if (input.rules === "spec") return { rules: "spec" as const };
    const method = methodSchema(input.locale).safeParse({
      zoneId: "home",
      name: "Standard",
      kind: "flat",
      price: input.shippingPrice,
      freeOver: input.freeOver,
    });
    const rate = taxRateSchema.safeParse({ country: EVERYWHERE, name: "Tax", rate: input.taxRate });
    const fields: Record<string, string> = { price: "shippingPrice", freeOver: "freeOver", rate: "taxRate" };
    const problems = new Map<string, string>();
    if (input.shippingPrice.trim() === "") problems.set("shippingPrice", "Enter the shipping price");
    if (input.taxRate.trim() === "") problems.set("taxRate", "Enter the tax rate (0 for none)");
    for (const issue of [...(method.error?.issues ?? []), ...(rate.error?.issues ?? [])]) {
      const field = fields[String(issue.path[0])];
      if (field && !problems.has(field)) problems.set(field, issue.message);
    }
    for (const [field, message] of problems) context.addIssue({ code: "custom", path: [field], message });
    if (!method.success || !rate.success) return z.NEVER;
    return {
      rules: "own" as const,
      shippingCents: method.data.priceCents,
      freeOverCents: method.data.freeOverCents,
      taxBp: rate.data.rate,
    };
  });

/** The setup form: every field's message at once. */
export const setupSchema = shopAndOwner.and(rules);
export const setupValidator = withZod(setupSchema);
export type SetupInput = z.infer<typeof setupSchema>;

/** One step of the dashboard's setup checklist: done or not, and where it is done (null: outside the shop). */
export type SetupStep = { key: string; label: string; done: boolean; to: string | null; hint: string };
