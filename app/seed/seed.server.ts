import { newId } from "~/db/ids";
import { count, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { lockName } from "~/db/dialect";
import {
  pages,
  productImages,
  productOptions,
  productVariants,
  products,
  reviews,
  shopSettings,
  users,
} from "~/db/schema";
import { dollarsToCents } from "~/lib/money";
import { ADMIN_ROLE } from "~/lib/roles";
import { hashPassword } from "~/models/accounts";
import { writeInBatches, type UploadStore } from "~/models/uploads";
import { recomputeProductRatings, addCategories } from "~/models/catalogue";
import { demoProducts, demoReviewComments, demoVariants, newestFirst } from "~/seed/demo-catalogue";
import { productTotals, variantTitle } from "~/lib/variants";
import { demoPages } from "~/seed/demo-pages";
import { DEMO_SETTINGS } from "~/seed/demo-settings";
import { DEMO_CATEGORIES } from "~/seed/demo-categories";
import { productSvg, writeDemoImage } from "~/seed/demo-images.server";

export const DEMO_ACCOUNTS = {
  admin: { name: "Demo Admin", email: "admin@example.com", password: "admin12345" },
  shopper: { name: "Demo Shopper", email: "shopper@example.com", password: "shopper12345" },
} as const;

const REVIEWERS = ["Alice Martin", "Bruno Costa", "Chloé Dubois", "Dev Patel"];
const IMAGES_PER_PRODUCT = 3;

export async function isDatabaseEmpty(): Promise<boolean> {
  const [[productRows], [userRows]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(users),
  ]);
  return (productRows?.n ?? 0) === 0 && (userRows?.n ?? 0) === 0;
}

/** Fills an empty shop with the demo categories, catalogue, pictures, reviews, pages and the two demo accounts. */
export async function seedDemoData(store: UploadStore): Promise<void> {
  const [adminHash, shopperHash, reviewerHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.admin.password),
    hashPassword(DEMO_ACCOUNTS.shopper.password),
    hashPassword(newId()),
  ]);
  const now = Date.now();
  const hoursOld = new Map(newestFirst(demoProducts).map((productIndex, rank) => [productIndex, rank]));

  const productRows = demoProducts.map((p, i) => ({
    id: newId(),
    name: p.name,
    description: `${p.blurb}\n\n${p.name} is sold by ${p.seller} and ships from our warehouse within two working days.`,
    priceCents: dollarsToCents(p.price),
    category: p.category,
    seller: p.seller,
    stock: p.stock,
    // A product sold in variants has their lowest price and their total stock.
    ...variantTotals(p.name),
    // An hour apart, so that "Latest Products" has a stable order, opening on laptops and electronics.
    createdAt: new Date(now - hoursOld.get(i)! * 3_600_000),
  }));
  const pictures = productRows.flatMap((p, i) =>
    Array.from({ length: IMAGES_PER_PRODUCT }, (_, view) => ({ product: p, category: demoProducts[i].category, view })),
  );
  const urls = await writeInBatches(pictures, ({ product, category, view }) =>
    writeDemoImage(store, `${product.id}-${view + 1}.svg`, productSvg(product.name, category, view)),
  );
  const imageRows = pictures.map(({ product, view }, i) => ({ productId: product.id, position: view, url: urls[i] }));

  await commitTogether(async (tx) => {
    const { admin, shopper } = DEMO_ACCOUNTS;
    // The demo's accounts count as having confirmed their addresses.
    const emailProvenAt = new Date(now);
    await tx.insert(users).values([
      { name: admin.name, email: admin.email, passwordHash: adminHash, role: ADMIN_ROLE, emailProvenAt },
      { name: shopper.name, email: shopper.email, passwordHash: shopperHash, emailProvenAt },
    ]);
    const reviewerIds = REVIEWERS.map(() => newId());
    await tx.insert(users).values(
      reviewerIds.map((id, i) => ({
        id,
        name: REVIEWERS[i],
        email: `reviewer${i + 1}@example.com`,
        passwordHash: reviewerHash,
        emailProvenAt,
      })),
    );

    // The specification's storefront (a new shop's is neutral) and returns for 30 days (a new shop
    // takes none until its owner says); the other settings read as their defaults.
    await tx.insert(shopSettings).values({ id: 1, settings: DEMO_SETTINGS }).onConflictDoNothing();
    await tx.insert(pages).values(demoPages.map((page) => ({ ...page, inFooter: true })));
    await addCategories(tx, DEMO_CATEGORIES);
    await tx.insert(products).values(productRows);
    await tx.insert(productImages).values(imageRows);
    for (const product of productRows) {
      const sold = demoVariants[product.name];
      if (!sold) continue;
      await tx
        .insert(productOptions)
        .values(sold.options.map((option, position) => ({ productId: product.id, position, ...option })));
      await tx.insert(productVariants).values(
        sold.variants.map(([values, price, stock], position) => ({
          productId: product.id,
          position,
          optionValues: values,
          title: variantTitle(values),
          priceCents: dollarsToCents(price),
          stock,
        })),
      );
    }

    for (const [i, product] of productRows.entries()) {
      const reviewCount = i % (REVIEWERS.length + 1);
      if (reviewCount === 0) continue;
      await tx.insert(reviews).values(
        Array.from({ length: reviewCount }, (_, r) => {
          const [rating, comment] = demoReviewComments[(i + r * 3) % demoReviewComments.length];
          return { productId: product.id, userId: reviewerIds[r], rating, comment };
        }),
      );
      await recomputeProductRatings(tx, product.id);
    }
  });
}

/**
 * A demo shop seeded before its storefront settings were saved by the seed (they were the defaults
 * then): given them now, so that it keeps showing what it showed. Only a shop with data whose
 * settings never held a hero is changed.
 */
export async function keepDemoStorefront(): Promise<void> {
  if (await isDatabaseEmpty()) return;
  await commitTogether(async (tx) => {
    await lockName(tx, "shop_settings");
    const [row] = await tx.select({ settings: shopSettings.settings }).from(shopSettings).where(eq(shopSettings.id, 1));
    const stored = row?.settings && typeof row.settings === "object" ? (row.settings as Record<string, unknown>) : null;
    if (stored && "heroTitle" in stored) return;
    const { returnWindowDays: _kept, ...storefront } = DEMO_SETTINGS;
    const settings = { ...stored, ...storefront };
    await tx
      .insert(shopSettings)
      .values({ id: 1, settings })
      .onConflictDoUpdate({ target: shopSettings.id, set: { settings, updatedAt: new Date() } });
  });
}

/** The price and stock a demo product sold in variants keeps on its own row (nothing for the others). */
function variantTotals(name: string) {
  const sold = demoVariants[name];
  if (!sold) return {};
  return productTotals(sold.variants.map(([, price, stock]) => ({ priceCents: dollarsToCents(price), stock }))) ?? {};
}
