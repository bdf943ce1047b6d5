import { z } from "zod";

// The mails a shopper asks for (back in stock, a reminder of a cart left) and may stop with the
// link each of them carries (/unsubscribe/<token>, no sign-in needed).

/** The kinds of mail a shopper can stop: the values of mail_opt_outs.kind. */
export const OPT_OUT_KINDS = ["backInStock", "cartReminder"] as const;
export type OptOutKind = (typeof OPT_OUT_KINDS)[number];

/** What the unsubscribe page calls each kind. */
export const OPT_OUT_LABELS: Record<OptOutKind, string> = {
  backInStock: "back-in-stock mails",
  cartReminder: "reminders of a cart you left",
};

/** An e-mail address as the shop keeps them: trimmed, lower case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * What a guest's cart keeps of their checkout (carts.guest_checkout), as far as reminders care: the
 * e-mail given and whether they ticked "remind me". Anything else in it is ignored; a document that
 * lacks these reads as no consent.
 */
export const guestReminderConsent = z.object({
  email: z.string().trim().toLowerCase().email(),
  remindCart: z.literal(true),
});

/** The consent a guest's checkout JSON holds, or null (none, broken, not ticked). */
export function guestConsentOf(json: string | null | undefined): { email: string } | null {
  if (!json) return null;
  try {
    const parsed = guestReminderConsent.safeParse(JSON.parse(json));
    return parsed.success ? { email: parsed.data.email } : null;
  } catch {
    return null;
  }
}

/** POST /api/v1/unsubscribe: what the unsubscribe page's button sends, for a client of its own. */
export const unsubscribeInput = z.object({
  token: z
    .string({ required_error: "Please send the token of the unsubscribe link" })
    .trim()
    .min(1, "Please send the token of the unsubscribe link")
    .max(1000, "This unsubscribe link is not valid")
    .describe("The last part of the link /unsubscribe/{token} at the foot of the mail"),
});
