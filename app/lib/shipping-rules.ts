import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { COUNTRY_NAMES } from "./countries";
import { moneyExample, moneyField, perLocale, readMoney } from "./money-input";
import { RATE_KINDS, type RateBand, type RateKind } from "./pricing";
import type { Locale } from "./shop-settings";

// The owner's shipping zones, methods and tax rates: the admin's forms and the API. Amounts are
// entered as the shop's locale writes them (app/lib/money-input.ts) and kept in cents; rates as percentages, kept in basis points.

/** In a zone's countries or a tax rate's country or region: every one that no other row names. */
export const EVERYWHERE = "*";

/** The admin products list's filter (?weight=none) of the products without a weight. */
export const WITHOUT_WEIGHT = "none";

/** The owner's warning, where a weight rate is set, of products without a weight. */
export const unweighedWarning = (count: number) =>
  `${count === 1 ? "1 product has" : `${count} products have`} no weight: a weight rate counts ${count === 1 ? "it" : "them"} as nothing, so a cart of only such products pays its first band.`;

/** The most bands one weight or value rate holds (the form shows this many rows). */
export const MAX_BANDS = 8;

const known = new Set<string>([...COUNTRY_NAMES, EVERYWHERE]);

const name = (what: string, max: number) =>
  z
    .string({ required_error: `Enter the ${what}'s name` })
    .trim()
    .min(1, `Enter the ${what}'s name`)
    .max(max, `The name can be at most ${max} characters`)
    .refine((v) => !/\p{Cc}/u.test(v), "The name cannot hold control characters");

const asText = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

/** One value or several (a form's repeated field, or a select multiple), as a list without repeats. */
const list = <T extends z.ZodTypeAny>(item: T, message: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(item, { invalid_type_error: message }).max(max, message),
  );

export const zoneSchema = z.object({
  name: name("zone", 60),
  countries: list(
    z.string({ invalid_type_error: "Choose countries from the list" }).max(60, "Choose countries from the list"),
    "Choose countries from the list",
    known.size,
  )
    .transform((countries) => [...new Set(countries)])
    .refine((countries) => countries.length > 0, "Choose the countries this zone ships to")
    .refine((countries) => countries.every((c) => known.has(c)), "Choose countries from the list")
    .describe(`Country names from the shop's list; "${EVERYWHERE}" is every country no other zone names`),
});
export type ZoneInput = z.infer<typeof zoneSchema>;
export const zoneValidator = withZod(zoneSchema);

// A band's fields as typed, or as a client sends them (numbers as they are, null for "no limit").
const bandValue = (message: string) =>
  z
    .union([z.string().trim().max(12, message), z.number(), z.null()], { errorMap: () => ({ message }) })
    .optional()
    .transform((v) => v ?? "");

/**
 * Only the fields of the kind chosen are read: a flat rate's price, or the bands of the others. The
 * form without JavaScript shows (and sends) all of them; what the others hold is ignored.
 */
const onlyTheKindsFields = (input: unknown) => {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const fields = input as Record<string, unknown>;
  return fields.kind === "flat" ? { ...fields, bands: undefined } : { ...fields, price: undefined };
};

/** The method's form and API: its price found one way (flat, by weight or by value), maybe free over an amount. */
export const methodSchema = (locale: Locale) =>
  z.preprocess(
    onlyTheKindsFields,
    z
      .object({
        zoneId: z
          .string({ required_error: "Choose the zone" })
          .trim()
          .min(1, "Choose the zone")
          .max(64, "Choose the zone"),
        name: name("method", 60),
        kind: z
          .enum(RATE_KINDS, { errorMap: () => ({ message: "Choose flat, by weight or by order value" }) })
          .describe("flat: one price; weight: by the cart's weight in grams; value: by the items' cost"),
        price: moneyField(locale, "The price").describe("A flat rate's price"),
        freeOver: moneyField(locale, "The amount").describe("Free when the items cost more than this"),
        bands: list(
          z.object({
            upTo: bandValue(`Enter a number such as 1000 or ${moneyExample(locale, 4999)}`),
            price: bandValue(`The price must be an amount such as 25 or ${moneyExample(locale)}`),
          }),
          `At most ${MAX_BANDS} bands`,
          MAX_BANDS,
        ).describe(
          "Weight and value rates: up to what weight (grams) or amount each price applies, ascending; the last may leave upTo empty (and above)",
        ),
      })
      .transform((input, context) => {
        const problem = (path: (string | number)[], message: string) => {
          context.addIssue({ code: "custom", path, message });
          return z.NEVER;
        };
        if (input.kind === "flat") {
          if (input.price === null) return problem(["price"], "Enter the price");
          return { ...input, priceCents: input.price, bands: [] as RateBand[] };
        }
        // Rows left empty in the form are no bands.
        const rows = input.bands
          .map((row, index) => ({ ...row, index }))
          .filter((row) => row.upTo !== "" || row.price !== "");
        if (rows.length === 0) return problem(["bands[0].price"], "Enter at least one band's price");
        const bands: RateBand[] = [];
        for (const [i, row] of rows.entries()) {
          const at = `bands[${row.index}]`;
          const price = readMoney(row.price, locale, "The price");
          if (!("cents" in price)) return problem([`${at}.price`], price.message);
          let upTo: number | null = null;
          if (row.upTo === "") {
            if (i !== rows.length - 1) return problem([`${at}.upTo`], "Only the last band can go on without a limit");
          } else if (input.kind === "weight") {
            if (!/^\d{1,7}$/.test(String(row.upTo)))
              return problem([`${at}.upTo`], "Enter a weight in grams, such as 1000");
            upTo = Number(row.upTo);
          } else {
            const limit = readMoney(row.upTo, locale, "The limit");
            if (!("cents" in limit)) return problem([`${at}.upTo`], limit.message);
            upTo = limit.cents;
          }
          const before = bands.at(-1);
          if (before && upTo !== null && before.upTo !== null && upTo <= before.upTo)
            return problem([`${at}.upTo`], "Each band must go higher than the one before");
          bands.push({ upTo, priceCents: price.cents });
        }
        return { ...input, priceCents: 0, bands };
      })
      .transform(({ zoneId, name, kind, priceCents, freeOver, bands }) => ({
        zoneId,
        name,
        kind,
        priceCents,
        freeOverCents: freeOver,
        bands,
      })),
  );
export type MethodInput = z.infer<ReturnType<typeof methodSchema>>;
export const methodValidator = perLocale((locale) => withZod(methodSchema(locale)));

const RATE = /^\d{1,2}(\.\d{1,2})?$|^100(\.0{1,2})?$/;

export const taxRateSchema = z
  .object({
    country: z
      .string({ required_error: "Choose a country from the list" })
      .trim()
      .refine((v) => known.has(v), "Choose a country from the list")
      .describe(`A country name from the shop's list, or "${EVERYWHERE}" for every country no other rate names`),
    region: z
      .string()
      .trim()
      .max(60, "The region can be at most 60 characters")
      .optional()
      .transform((v) => v || EVERYWHERE)
      .describe("A state or region, as shoppers write it in their address; empty for the whole country"),
    name: name("tax", 30),
    rate: asText
      .pipe(z.string().min(1, "Enter the rate"))
      .pipe(z.string().regex(RATE, "Enter a percentage from 0 to 100, such as 19 or 7.25"))
      .transform((v) => Math.round(Number(v) * 100))
      .describe("A percentage, such as 19 or 7.25"),
  })
  .refine((rate) => rate.country !== EVERYWHERE || rate.region === EVERYWHERE, {
    path: ["region"],
    message: "A rate for every country cannot name a region",
  });
export type TaxRateInput = z.infer<typeof taxRateSchema>;
export const taxRateValidator = withZod(taxRateSchema);

/** A weight for people: "750 g", "2.5 kg". */
export const gramsText = (grams: number) => (grams < 1000 ? `${grams} g` : `${(grams / 1000).toLocaleString("en")} kg`);

/** How a method is priced, in words: "$25.00, free over $200.00", "by weight: up to 1 kg $5.00, …". */
export function describeRate(
  rate: { kind: RateKind; priceCents: number; bands: RateBand[]; freeOverCents: number | null },
  formatMoney: (cents: number) => string,
): string {
  const limit = (upTo: number) => (rate.kind === "weight" ? gramsText(upTo) : formatMoney(upTo));
  const price =
    rate.kind === "flat"
      ? formatMoney(rate.priceCents)
      : `by ${rate.kind === "weight" ? "weight" : "order value"}: ${rate.bands
          .map((b) => `${b.upTo === null ? "above" : `up to ${limit(b.upTo)}`} ${formatMoney(b.priceCents)}`)
          .join(", ")}`;
  return rate.freeOverCents === null ? price : `${price}; free over ${formatMoney(rate.freeOverCents)}`;
}

/** A zone's or a rate's country as the admin reads it. */
export const countryText = (country: string) => (country === EVERYWHERE ? "Every other country" : country);
