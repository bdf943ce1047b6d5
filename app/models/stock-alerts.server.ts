import { and, asc, eq, gt, isNull, ne, notExists, or, sql } from "drizzle-orm";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { mailOptOuts, products, productVariants, stockAlerts } from "~/db/schema";
import { PublicError } from "~/lib/public-error";
import type { StockAlertInput } from "~/lib/stock-alert-schema";
import { mailboxOf } from "~/lib/mailbox";
import { lineName, productHref } from "~/lib/variants";
import { queueMail, sendQueued, type QueuedMail } from "./mail-outbox.server";
import { isOptedOut, optBackIn, unsubscribeUrl } from "./mail-opt-outs.server";
import { getShopSettings } from "./shop-settings.server";

// Back in stock: a shopper asks to be told when a sold-out product (or one of its variants) returns,
// and gets ONE mail when it does. Stock comes back in many places (the admin's edits, a refund or a
// cancellation that restocks, a lapsed reservation given back, the API), so nothing hooks them: a
// sweep (every minute, server/startup.server.ts) finds the pending alerts whose item has stock again,
// marks each notified with a conditional UPDATE and queues its mail in the same transaction. Two
// sweeps at once (two nodes, or two calls) mail each alert once: only the one whose UPDATE changed
// the row queues its mail. An alert asked for "" (no variant) is for the product as a whole: any of
// its variants in stock will do.

/** How many alerts one sweep mails at most; the rest wait for the next minute. */
const SWEEP_BATCH = 200;

const NO_VARIANT = "";

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

/**
 * Asks for a mail when the product (or its variant) is back in stock, at `email` (trimmed, lower
 * case). Refused when the shop does not send these mails (403), the product is unknown (404), the
 * variant is not the product's (400), or it is in stock now (409). Asking again is no change; asking
 * again after the mail went out asks anew. An address that unsubscribed gets nothing unless the
 * signed-in shopper asks for their own address (which opts it back in); the answer is the same.
 */
export async function askForStockAlert(
  productId: string,
  input: StockAlertInput,
  user: { id: string; email: string } | null,
  now = new Date(),
): Promise<void> {
  if (!(await getShopSettings()).backInStockMails)
    throw new PublicError("This shop does not send back-in-stock mails.", 403);
  const item = await itemOf(productId, input.variant);
  if (item.stock > 0) throw new PublicError(`${item.name} is in stock: you can order it now.`, 409);
  const own = user !== null && user.email.trim().toLowerCase() === input.email;
  if (own) await optBackIn(input.email, "backInStock");
  else if (await isOptedOut(input.email, "backInStock")) return;
  await commitTogether(async (tx) => {
    await tx
      .insert(stockAlerts)
      .values({
        productId,
        variantId: input.variant,
        email: input.email,
        mailbox: mailboxOf(input.email),
        userId: own ? user.id : null,
        confirmedAt: now,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [stockAlerts.productId, stockAlerts.variantId, stockAlerts.mailbox],
        // Pending: left as it is. Mailed already: asked anew.
        set: { notifiedAt: null, createdAt: now },
        setWhere: sql`${stockAlerts.notifiedAt} IS NOT NULL`,
      });
  });
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
        .where(and(eq(mailOptOuts.email, stockAlerts.email), eq(mailOptOuts.kind, "backInStock"))),
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
        name: products.name,
        variantTitle: productVariants.title,
      })
      .from(stockAlerts)
      .innerJoin(products, eq(products.id, stockAlerts.productId))
      .leftJoin(
        productVariants,
        and(eq(productVariants.id, stockAlerts.variantId), eq(productVariants.productId, stockAlerts.productId)),
      )
      .where(
        and(
          isNull(stockAlerts.notifiedAt),
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
