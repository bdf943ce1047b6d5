import { z } from "zod";
import { email } from "./account-schemas";
import { checkbox } from "./checkbox-field";
import { countryCode, countryInSentence, officialCountryName } from "./countries";
import { hasPostalCodeRule, isPostalCodeOf, normalizePostalCode } from "./postal-code";

const required = (label: string) =>
  z
    .string({ required_error: `Please enter your ${label}` })
    .trim()
    .min(1, `Please enter your ${label}`);

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
 * rule, from postcode-validator), or else the general one; the message names the country. Run
 * before the fields' own checks so that its message shows with theirs, not after they pass.
 */
function withPostalCode(input: unknown, ctx: z.RefinementCtx): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const info = input as Record<string, unknown>;
  if (typeof info.postalCode !== "string" || info.postalCode.trim() === "") return input;
  const postalCode = normalizePostalCode(info.postalCode);
  const named = typeof info.country === "string" ? info.country : "";
  const code = countryCode(named);
  if (!isPostalCodeOf(postalCode, code)) {
    const country = officialCountryName(named);
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["postalCode"],
      message:
        country && hasPostalCodeRule(code)
          ? `That is not a valid postal code for ${countryInSentence(country)}`
          : "The postal code must be 2 to 12 letters, digits, spaces or dashes",
    });
  }
  return { ...info, postalCode };
}

/** The shipping form: the recipient's name is asked for. */
export const shippingSchema = z.preprocess(withPostalCode, shippingFields);

/** The API's `shippingInfo`: the specification's fields, the recipient (else the buyer) and region optional. */
export const apiShippingSchema = z.preprocess(
  withPostalCode,
  shippingFields.extend({
    recipientName: recipientName
      .optional()
      .describe("Who receives the parcel; the buyer's name when left out. Not part of the original API."),
  }),
);

/**
 * A guest's shipping form: the shipping info, the e-mail the order and its receipt go to, and
 * whether they want a reminder of a cart they leave.
 */
export const guestShippingSchema = z.preprocess(
  withPostalCode,
  shippingFields.extend({
    email,
    remindCart: checkbox.optional().default(false),
  }),
);

export type ShippingInfo = z.infer<typeof shippingSchema>;
export type GuestShippingInfo = z.infer<typeof guestShippingSchema>;
export type ApiShippingInfo = z.infer<typeof apiShippingSchema>;
