import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

// The sandbox's card form (with real Stripe keys, card data never reaches the shop).
export const cardSchema = z.object({
  cardNumber: z
    .string({ required_error: "Please enter the card number" })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, "Please enter a valid card number")),
  cardExpiry: z
    .string({ required_error: "Please enter the expiry as MM/YY" })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, "Please enter the expiry as MM/YY")
    .transform((v) => {
      const [month, year] = v.split("/").map((part) => Number(part.trim()));
      return { month, year: 2000 + year };
    })
    .refine(({ month, year }) => {
      const now = new Date();
      return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
    }, "This card has expired"),
  cardCvc: z
    .string({ required_error: "Please enter the security code" })
    .trim()
    .regex(/^\d{3,4}$/, "Please enter the 3 or 4 digit security code"),
});

export const cardValidator = withZod(cardSchema);
