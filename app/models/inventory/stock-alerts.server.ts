import { and, asc, eq, gt, isNotNull, isNull, ne, notExists, or, sql } from "drizzle-orm";
import { config } from "~/config.server";
import { db, type Tx } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { mailOptOuts, products, productVariants, stockAlerts } from "~/db/schema";
import { PublicError } from "~/lib/public-error";
import type { StockAlertInput } from "~/lib/stock-alert-schema";
import { mailboxOf } from "~/lib/mailbox";
import { normalEmail } from "~/lib/shopper-mails";
import { lineName, productHref } from "~/lib/variants";
import { queueMail, sendQueued, type QueuedMail, isOptedOut, optBackIn, unsubscribeUrl } from "~/models/mail";
import { afterTheAnswer, limitStockAlertRequest, sign, verify } from "~/models/platform";
import { getShopSettings } from "~/models/settings";

// Back in stock: a shopper asks to be told when a sold-out product (or one of its variants) returns,
// and gets ONE mail when it does. Stock comes back in many places (the admin's edits, a refund or a
// cancellation that restocks, a lapsed reservation given back, the API), so nothing hooks them: a
// sweep (every minute, server/startup.server.ts) finds the pending alerts whose item has stock again,
// marks each notified with a conditional UPDATE and queues its mail in the same transaction. Two
// sweeps at once (two nodes, or two calls) mail each alert once: only the one whose UPDATE changed
// the row queues its mail. An alert asked for "" (no variant) is for the product as a whole: any of
// its variants in stock will do. Only confirmed alerts are mailed: a guest (or anyone asking for an
// address not proven theirs) confirms by a link first, so nobody can fill a stranger's mailbox.

/** How many alerts one sweep mails at most; the rest wait for the next minute. */
const SWEEP_BATCH = 200;

const NO_VARIANT = "";

/** The variant an alert names (joined to the alert and its product), and the columns that name its item. */
const ofTheAlert = and(
  eq(productVariants.id, stockAlerts.variantId),
  eq(productVariants.productId, stockAlerts.productId),
);
const itemNameColumns = { name: products.name, variantTitle: productVariants.title };

/** The stock of what an alert is about: the variant's, else the product's (the sum of its variants'). */
async function itemOf(productId: string, variantId: string) {
  const [product] = await db
    .select({ id: products.id, name: products.name, stock: products.stock })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product) throw new PublicError("Product not found", 404);
  const variants = await db
    .select({ id: productVariants.id, title: productVariants.title, stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  if (variantId === NO_VARIANT) return { name: product.name, stock: product.stock };
  const variant = variants.find((v) => v.id === variantId);
  if (!variant) throw new PublicError(`${product.name} has no such choice.`, 400, "variant");
  return { name: lineName(product.name, variant.title), stock: variant.stock };
}

/** Who asks: the signed-in shopper (or null) and the client's IP, for the rate limits. */
export type StockAlertAsker = {
  user: { id: string; email: string; emailProvenAt: Date | null } | null;
  ip: string;
};

/** What the asker is told: the same whatever the address's state (asked already, opted out...). */
export type StockAlertAnswer = {
  /** Whether the address must confirm by the link mailed to it: false only for the shopper's own proven address. */
  toConfirm: boolean;
  /** Settles once the confirmation mail (if any) has been handed over, for tests. */
  delivery: Promise<void>;
};

/**
 * Asks for a mail when the product (or its variant) is back in stock, at `email` (trimmed, lower
 * case). Refused when the shop does not send these mails (403); then counted against the client's IP
 * and the mailbox (app/lib/mailbox.ts; 429 past either), and refused when the product is unknown
 * (404), the variant is not the product's (400), or it is in stock now (409).
 *
 * One alert per mailbox and item, whatever +tag or case it is asked with. Only the signed-in
 * shopper's own proven address is confirmed at once (and opted back in if it had unsubscribed); any
 * other address gets one mail with a confirmation link (double opt-in), and no stock mail unless it
 * is followed. Asking again while pending is no change (no second mail); after the stock mail went
 * out, it asks anew. An address (or mailbox) that unsubscribed gets nothing. The answer is the same
 * in every case, so that it tells nothing of the address.
 */
export async function askForStockAlert(
  productId: string,
  input: StockAlertInput,
  { user, ip }: StockAlertAsker,
  now = new Date(),
): Promise<StockAlertAnswer> {
  if (!(await getShopSettings()).backInStockMails)
    throw new PublicError("This shop does not send back-in-stock mails.", 403);
  const mailbox = mailboxOf(input.email);
  await limitStockAlertRequest(ip, mailbox);
  const item = await itemOf(productId, input.variant);
  if (item.stock > 0) throw new PublicError(`${item.name} is in stock: you can order it now.`, 409);
  const own = user !== null && normalEmail(user.email) === input.email;
  const proven = own && user.emailProvenAt !== null;
  const answer = (delivery = Promise.resolve()): StockAlertAnswer => ({ toConfirm: !proven, delivery });
  if (proven) await optBackIn(input.email, "backInStock");
  else if ((await isOptedOut(input.email, "backInStock")) || (await isOptedOut(mailbox, "backInStock")))
    return answer();
  const confirmation = await commitTogether(async (tx) => {
    const alert = {
      email: input.email,
      userId: own ? user.id : null,
      confirmedAt: proven ? now : null,
      createdAt: now,
    };
    const [created] = await tx
      .insert(stockAlerts)
      .values({ productId, variantId: input.variant, mailbox, ...alert })
      .onConflictDoNothing()
      .returning();
    if (created) return created.confirmedAt ? null : queueConfirmation(tx, created, item.name);
    const [existing] = await tx
      .select()
      .from(stockAlerts)
      .where(
        and(
          eq(stockAlerts.productId, productId),
          eq(stockAlerts.variantId, input.variant),
          eq(stockAlerts.mailbox, mailbox),
        ),
      )
      .limit(1);
    if (!existing) return null;
    if (existing.notifiedAt === null) {
      // Pending: no second mail; the owner of the proven address confirms it by asking.
      if (proven && existing.confirmedAt === null)
        await tx.update(stockAlerts).set({ confirmedAt: now }).where(eq(stockAlerts.id, existing.id));
      return null;
    }
    // Mailed already: asked anew, confirmed anew. Of two such requests at once, one renews it.
    const [renewed] = await tx
      .update(stockAlerts)
      .set({ ...alert, notifiedAt: null })
      .where(and(eq(stockAlerts.id, existing.id), isNotNull(stockAlerts.notifiedAt)))
      .returning();
    return renewed && !renewed.confirmedAt ? queueConfirmation(tx, renewed, item.name) : null;
  });
  return answer(
    confirmation
      ? afterTheAnswer(`the back-in-stock confirmation to ${input.email}`, () => sendQueued(confirmation))
      : undefined,
  );
}

type AlertRow = typeof stockAlerts.$inferSelect;

/** Queues the one mail that asks the address to confirm this alert (its link names the alert as it is now). */
function queueConfirmation(tx: Tx, alert: AlertRow, itemName: string) {
  const token = confirmationToken(alert);
  return queueMail(tx, {
    key: `backInStockConfirm:${alert.id}:${alert.createdAt.getTime()}`,
    job: {
      kind: "backInStockConfirm",
      to: alert.email,
      news: {
        itemName,
        confirmUrl: `${config.publicUrl}/back-in-stock/confirm/${token}`,
        // The mailbox's: unsubscribing here stops every +tag of it.
        unsubscribeUrl: unsubscribeUrl(alert.mailbox, "backInStock"),
      },
    },
  });
}

// The confirmation link names the alert and when it was asked, signed (signed-token.server.ts):
// nothing is stored for it, and a link of an earlier request (before the stock mail went out)
// does not confirm a new one.
const CONFIRM_PURPOSE = "stock-alert-confirm";

function confirmationToken(alert: Pick<AlertRow, "id" | "createdAt">): string {
  const named = `${alert.id}.${alert.createdAt.getTime()}`;
  return `${named}.${sign(CONFIRM_PURPOSE, named)}`;
}

/** The pending alert a confirmation token names, with its item's name; null when the token is not valid or the alert is gone. */
export async function stockAlertOfToken(
  token: string | null | undefined,
): Promise<{ id: string; email: string; itemName: string; confirmed: boolean } | null> {
  if (!token || token.length > 200) return null;
  const [id, createdAtMs, mac, ...rest] = token.split(".");
  if (rest.length || !id || !/^\d+$/.test(createdAtMs ?? "") || !verify(CONFIRM_PURPOSE, `${id}.${createdAtMs}`, mac))
    return null;
  const [alert] = await db
    .select({
      id: stockAlerts.id,
      email: stockAlerts.email,
      confirmedAt: stockAlerts.confirmedAt,
      ...itemNameColumns,
    })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .leftJoin(productVariants, ofTheAlert)
    .where(
      and(
        eq(stockAlerts.id, id),
        eq(stockAlerts.createdAt, new Date(Number(createdAtMs))),
        isNull(stockAlerts.notifiedAt),
      ),
    )
    .limit(1);
  if (!alert) return null;
  return {
    id: alert.id,
    email: alert.email,
    itemName: lineName(alert.name, alert.variantTitle),
    confirmed: alert.confirmedAt !== null,
  };
}

/**
 * Confirms the alert a link names (its page's button, or the API): from then on the sweep mails it
 * once its item is back. Again: no change. Null when the token is not valid or the alert is gone
 * (mailed already, unsubscribed, its product deleted).
 */
export async function confirmStockAlert(
  token: string,
  now = new Date(),
): Promise<{ email: string; itemName: string } | null> {
  const alert = await stockAlertOfToken(token);
  if (!alert) return null;
  if (!alert.confirmed)
    await commitTogether(async (tx) => {
      await tx
        .update(stockAlerts)
        .set({ confirmedAt: now })
        .where(and(eq(stockAlerts.id, alert.id), isNull(stockAlerts.confirmedAt)));
    });
  return { email: alert.email, itemName: alert.itemName };
}

/** The pending alerts of this address, for tests and for looking into them. */
export function pendingAlertsOf(email: string) {
  return db
    .select()
    .from(stockAlerts)
    .where(and(eq(stockAlerts.email, email), isNull(stockAlerts.notifiedAt)))
    .orderBy(asc(stockAlerts.createdAt));
}

/**
 * The sweep: each pending alert whose product (or variant) is in stock again is marked notified and
 * its mail queued, in one transaction; only alerts this call marked are mailed. Alerts of a variant
 * since deleted are dropped. Off while the shop's setting is off (the alerts wait). Answers the
 * mails queued; they are sent once committed.
 */
export async function queueBackInStockMails(now = new Date()): Promise<QueuedMail[]> {
  if (!(await getShopSettings()).backInStockMails) return [];
  return commitTogether(async (tx) => {
    const notOptedOut = notExists(
      tx
        .select({ one: sql`1` })
        .from(mailOptOuts)
        .where(
          and(
            or(eq(mailOptOuts.email, stockAlerts.email), eq(mailOptOuts.email, stockAlerts.mailbox)),
            eq(mailOptOuts.kind, "backInStock"),
          ),
        ),
    );
    await tx.delete(stockAlerts).where(
      and(
        ne(stockAlerts.variantId, NO_VARIANT),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(productVariants)
            .where(eq(productVariants.id, stockAlerts.variantId)),
        ),
      ),
    );
    const due = await tx
      .select({
        id: stockAlerts.id,
        email: stockAlerts.email,
        productId: stockAlerts.productId,
        variantId: stockAlerts.variantId,
        createdAt: stockAlerts.createdAt,
        ...itemNameColumns,
      })
      .from(stockAlerts)
      .innerJoin(products, eq(products.id, stockAlerts.productId))
      .leftJoin(productVariants, ofTheAlert)
      .where(
        and(
          isNull(stockAlerts.notifiedAt),
          isNotNull(stockAlerts.confirmedAt),
          or(and(eq(stockAlerts.variantId, NO_VARIANT), gt(products.stock, 0)), gt(productVariants.stock, 0)),
          notOptedOut,
        ),
      )
      .orderBy(asc(stockAlerts.createdAt))
      .limit(SWEEP_BATCH);
    const queued: QueuedMail[] = [];
    for (const alert of due) {
      // Whoever marks it mails it: another sweep that read it too finds it notified and skips it.
      const marked = await tx
        .update(stockAlerts)
        .set({ notifiedAt: now })
        .where(and(eq(stockAlerts.id, alert.id), isNull(stockAlerts.notifiedAt)))
        .returning({ id: stockAlerts.id });
      if (!marked.length) continue;
      const mail = await queueMail(tx, {
        key: `backInStock:${alert.id}:${alert.createdAt.getTime()}`,
        job: {
          kind: "backInStock",
          to: alert.email,
          news: {
            itemName: lineName(alert.name, alert.variantTitle),
            productUrl: `${config.publicUrl}${productHref({ productId: alert.productId, variantId: alert.variantId })}`,
            unsubscribeUrl: unsubscribeUrl(alert.email, "backInStock"),
          },
        },
      });
      if (mail) queued.push(mail);
    }
    return queued;
  });
}

/** The scheduled job: queue the mails of items back in stock, and send them. */
export async function sendBackInStockMails(now = new Date()): Promise<void> {
  for (const mail of await queueBackInStockMails(now)) await sendQueued(mail);
}
