import { and, eq, isNull, or } from "drizzle-orm";
import { config } from "~/config.server";
import { db, type Queryable } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { mailOptOuts, stockAlerts, users } from "~/db/schema";
import { normalEmail, OPT_OUT_KINDS, type OptOutKind } from "~/lib/shopper-mails";
import { sign, verify } from "~/models/platform";

// Unsubscribing from the mails a shopper asked for. Every such mail carries /unsubscribe/<token>:
// the kind and the address, signed (signed-token.server.ts: checked on every node without storing
// anything), so the link works without signing in and nobody can make one for another
// address. Following it shows a button; only the POST records the opt-out (mail_opt_outs), since
// mail scanners open links.

const PURPOSE = "unsubscribe";

/** The token of the unsubscribe link for this address and kind of mail. */
export function unsubscribeToken(email: string, kind: OptOutKind): string {
  const address = normalEmail(email);
  return `${kind}.${Buffer.from(address).toString("base64url")}.${sign(PURPOSE, `${kind}:${address}`)}`;
}

/** The link itself, as the mails carry it. */
export const unsubscribeUrl = (email: string, kind: OptOutKind) =>
  `${config.publicUrl}/unsubscribe/${unsubscribeToken(email, kind)}`;

/** The address and kind a token names, or null when it is not one the shop made (compared in constant time). */
export function readUnsubscribeToken(token: string | null | undefined): { email: string; kind: OptOutKind } | null {
  if (!token || token.length > 1000) return null;
  const [kind, encoded, mac, ...rest] = token.split(".");
  if (rest.length || !encoded || !mac || !(OPT_OUT_KINDS as readonly string[]).includes(kind)) return null;
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  if (!email || email !== normalEmail(email)) return null;
  if (!verify(PURPOSE, `${kind}:${email}`, mac)) return null;
  return { email, kind: kind as OptOutKind };
}

/** Whether this address asked for no more mails of this kind. */
export async function isOptedOut(email: string, kind: OptOutKind, q: Queryable = db): Promise<boolean> {
  const [row] = await q
    .select({ email: mailOptOuts.email })
    .from(mailOptOuts)
    .where(and(eq(mailOptOuts.email, normalEmail(email)), eq(mailOptOuts.kind, kind)))
    .limit(1);
  return Boolean(row);
}

/**
 * Records that this address wants no more mails of this kind (again: no change). Stopping
 * back-in-stock mails also forgets the address's pending alerts (and its mailbox's, when the address
 * is a canonical one: app/lib/mailbox.ts); stopping cart reminders also
 * unticks the choice on the account with this address.
 */
export async function optOut(email: string, kind: OptOutKind, now = new Date()): Promise<void> {
  const address = normalEmail(email);
  await commitTogether(async (tx) => {
    await tx.insert(mailOptOuts).values({ email: address, kind, createdAt: now }).onConflictDoNothing();
    if (kind === "backInStock")
      await tx
        .delete(stockAlerts)
        .where(
          and(or(eq(stockAlerts.email, address), eq(stockAlerts.mailbox, address)), isNull(stockAlerts.notifiedAt)),
        );
    if (kind === "cartReminder")
      await tx
        .update(users)
        .set({ cartReminders: false })
        .where(and(eq(users.email, address), eq(users.cartReminders, true)));
  });
}

/** Opts back in (a signed-in shopper asking again for mails at their own address). */
export async function optBackIn(email: string, kind: OptOutKind): Promise<void> {
  await commitTogether(async (tx) => {
    await tx.delete(mailOptOuts).where(and(eq(mailOptOuts.email, normalEmail(email)), eq(mailOptOuts.kind, kind)));
  });
}

/** A token's opt-out, for the unsubscribe page and API: what it named, or null when the token is not valid. */
export async function optOutWithToken(token: string): Promise<{ email: string; kind: OptOutKind } | null> {
  const named = readUnsubscribeToken(token);
  if (!named) return null;
  await optOut(named.email, named.kind);
  return named;
}
