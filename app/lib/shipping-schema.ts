import { z } from "zod";

const required = (label: string) => z.string({ required_error: `Please enter your ${label}` }).trim().min(1, `Please enter your ${label}`);

/** The shipping form; the country is checked against the full ISO 3166 list on the server. */
export const shippingSchema = z.object({
  address: required("address").pipe(z.string().max(200, "The address can be at most 200 characters")),
  city: required("city").pipe(z.string().max(100, "The city can be at most 100 characters")),
  phoneNo: required("phone number").pipe(
    z.string().regex(/^\+?[\d\s().-]{6,20}$/, "Please enter a phone number (digits, spaces, + - . ( ) only)"),
  ),
  postalCode: required("postal code").pipe(z.string().regex(/^\d{3,10}$/, "The postal code must be 3 to 10 digits")),
  country: required("country"),
});

export type ShippingInfo = z.infer<typeof shippingSchema>;
