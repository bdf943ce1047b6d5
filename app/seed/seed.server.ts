import { newId } from "~/db/ids";
import { count } from "drizzle-orm";
import type { DB } from "~/db/client.server";
import { productImages, products, reviews, users } from "~/db/schema";
import { dollarsToCents } from "~/lib/money";
import { ADMIN_ROLE } from "~/lib/roles";
import { hashPassword } from "~/models/password.server";
import { recomputeProductRatings } from "~/models/reviews.server";
import { demoProducts, demoReviewComments, newestFirst } from "~/seed/demo-catalogue";
import { productSvg, writeDemoImage } from "~/seed/demo-images.server";

export const DEMO_ACCOUNTS = {
  admin: { name: "Demo Admin", email: "admin@example.com", password: "admin12345" },
  shopper: { name: "Demo Shopper", email: "shopper@example.com", password: "shopper12345" },
} as const;

const REVIEWERS = ["Alice Martin", "Bruno Costa", "Chloé Dubois", "Dev Patel"];
const IMAGES_PER_PRODUCT = 3;

export function isDatabaseEmpty(db: DB): boolean {
  const productRows = db.select({ n: count() }).from(products).get()?.n ?? 0;
  const userRows = db.select({ n: count() }).from(users).get()?.n ?? 0;
  return productRows === 0 && userRows === 0;
}

/** Fills an empty shop with the demo catalogue, pictures, reviews and the two demo accounts. */
export async function seedDemoData(db: DB, uploadsDir: string): Promise<void> {
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
    // An hour apart, so that "Latest Products" has a stable order, opening on laptops and electronics.
    createdAt: new Date(now - hoursOld.get(i)! * 3_600_000),
  }));
  const imageRows = productRows.flatMap((p, i) =>
    Array.from({ length: IMAGES_PER_PRODUCT }, (_, view) => ({
      productId: p.id,
      position: view,
      url: writeDemoImage(uploadsDir, `${p.id}-${view + 1}.svg`, productSvg(p.name, demoProducts[i].category, view)),
    })),
  );

  db.transaction((tx) => {
    const { admin, shopper } = DEMO_ACCOUNTS;
    tx.insert(users)
      .values([
        { name: admin.name, email: admin.email, passwordHash: adminHash, role: ADMIN_ROLE },
        { name: shopper.name, email: shopper.email, passwordHash: shopperHash },
      ])
      .run();
    const reviewerIds = REVIEWERS.map((name, i) => {
      const id = newId();
      tx.insert(users)
        .values({ id, name, email: `reviewer${i + 1}@example.com`, passwordHash: reviewerHash })
        .run();
      return id;
    });

    tx.insert(products).values(productRows).run();
    tx.insert(productImages).values(imageRows).run();

    productRows.forEach((product, i) => {
      const reviewCount = i % (REVIEWERS.length + 1);
      for (let r = 0; r < reviewCount; r++) {
        const [rating, comment] = demoReviewComments[(i + r * 3) % demoReviewComments.length];
        tx.insert(reviews).values({ productId: product.id, userId: reviewerIds[r], rating, comment }).run();
      }
      if (reviewCount > 0) recomputeProductRatings(tx, product.id);
    });
  });
}
