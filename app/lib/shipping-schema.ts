import { z } from "zod";
import { countryCode, countryInSentence, officialCountryName } from "./countries";
import { hasPostalCodeRule, isPostalCodeOf, normalizePostalCode } from "./postal-code";

const required = (label: string) => z.string({ required_error: `Please enter your ${label}` }).trim().min(1, `Please enter your ${label}`);

const recipientName = z
  .string({ required_error: "Please enter the recipient's name" })
  .trim()
  .min(1, "Please enter the recipient's name")
  .max(100, "The name can be at most 100 characters");

/** The shipping info's fields; the country is checked against the full ISO 3166 list on the server. */
const shippingFields = z.object({
  recipientName,
  address: required("address").pipe(z.string().max(200, "The address can be at most 200 characters")),
  city: required("city").pipe(z.string().max(100, "The city can be at most 100 characters")),
  // Optional: an empty field (or null from the API) is no region.
  state: z
    .string()
    .trim()
    .max(100, "The state or region can be at most 100 characters")
    .nullish()
    .transform((state) => state || undefined)
    .describe("State, province or region, optional. Not part of the original API."),
  phoneNo: required("phone number").pipe(
    z.string().regex(/^\+?[\d\s().-]{6,20}$/, "Please enter a phone number (digits, spaces, + - . ( ) only)"),
  ),
  postalCode: required("postal code").pipe(z.string().max(30, "The postal code can be at most 30 characters")),
  country: required("country"),
});

/**
 * The postal code in the form its country writes it, when it fits that country's format (a known
 * rule, from postcode-validator), or else the general one; the message names the country.
 */
function withPostalCode<T extends { postalCode: string; country: string }>(info: T, ctx: z.RefinementCtx): T {
  const postalCode = normalizePostalCode(info.postalCode);
  const code = countryCode(info.country);
  if (isPostalCodeOf(postalCode, code)) return { ...info, postalCode };
  const country = officialCountryName(info.country);
  ctx.addIssue({
    code: z.ZodIssueCode.custom,
    path: ["postalCode"],
    message:
      country && hasPostalCodeRule(code)
        ? `That is not a valid postal code for ${countryInSentence(country)}`
        : "The postal code must be 2 to 12 letters, digits, spaces or dashes",
  });
  return z.NEVER;
}

/** The shipping form: the recipient's name is asked for. */
export const shippingSchema = shippingFields.transform(withPostalCode);

/** The API's `shippingInfo`: the specification's fields, the recipient (else the buyer) and region optional. */
export const apiShippingSchema = shippingFields.extend({
  recipientName: recipientName.optional().describe("Who receives the parcel; the buyer's name when left out. Not part of the original API."),
}).transform(withPostalCode);

export type ShippingInfo = z.infer<typeof shippingSchema>;
export type ApiShippingInfo = z.infer<typeof apiShippingSchema>;
