import { and, asc, eq } from "drizzle-orm";
import { config } from "~/config.server";
import { db, type Queryable, type Tx } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { inList, listParam, lockName } from "~/db/dialect";
import { categories, shopSettings, users } from "~/db/schema";
import { ADMIN_ROLE } from "~/lib/roles";
import { moneyFormatter } from "~/lib/money";
import { PublicError } from "~/lib/public-error";
import {
  defaultShopSettings,
  heroButtonProblem,
  shopSettingsSchema,
  type ShopSettings,
  type ShopSettingsInput,
} from "~/lib/shop-settings";
import { catalogueCached } from "~/models/platform";
import { deleteImage, ImageError, saveImage, type ImageUpload } from "~/models/uploads";

const ROW = 1;
const SHOP_PICTURE = /^\/uploads\/shop\/[a-z0-9]+\.webp$/;

/**
 * The stored document read as settings: each stored value that still passes its check, over the
 * defaults (SHOP_NAME names a shop that was never set up). A value a later version would refuse, or
 * anything else it cannot read, reads as its default instead of breaking every page (a category
 * since deleted is left out where the categories are shown).
 */
function settingsOf(stored: unknown): ShopSettings {
  const settings = defaultShopSettings(config.shopName);
  if (!stored || typeof stored !== "object") return settings;
  const document = stored as Record<string, unknown>;
  const fields = shopSettingsSchema().shape;
  for (const key of Object.keys(fields) as (keyof typeof fields)[]) {
    if (!(key in document)) continue;
    const parsed = fields[key].safeParse(document[key]);
    if (parsed.success) Object.assign(settings, { [key]: parsed.data });
  }
  for (const key of ["logoUrl", "heroImageUrl"] as const) {
    const url = document[key];
    if (typeof url === "string" && SHOP_PICTURE.test(url)) settings[key] = url;
  }
  return settings;
}

async function readShopSettings(): Promise<ShopSettings> {
  const [row] = await db.select({ settings: shopSettings.settings }).from(shopSettings).where(eq(shopSettings.id, ROW));
  return settingsOf(row?.settings);
}

/**
 * The shop's settings, kept in memory like the catalogue's answers: read again only after a write
 * moved the catalogue's version with a change that may touch any page (every write to the settings
 * does, drizzle/*\/…_shop_settings), so a request costs no query. The same object is handed to
 * every caller: never change it.
 */
export function getShopSettings(): Promise<ShopSettings> {
  return catalogueCached("shop-settings", readShopSettings, () => []);
}

/** Formats integer cents in the shop's currency and locale. */
export async function shopMoney(): Promise<(cents: number) => string> {
  const { currency, locale } = await getShopSettings();
  return moneyFormatter({ currency, locale });
}

/** A new picture, or the wish to remove the current one; neither leaves it as it is. */
export type PictureChange = { upload: ImageUpload | null; remove: boolean };
export type SettingsPictures = { logo?: PictureChange; heroImage?: PictureChange };
const PICTURE_URLS = { logo: "logoUrl", heroImage: "heroImageUrl" } as const;

/** Stores a new picture; a refused one is answered beside its own field. */
async function savePicture(upload: ImageUpload, field: keyof SettingsPictures): Promise<string> {
  try {
    return await saveImage(upload, "shop");
  } catch (error) {
    if (error instanceof ImageError) throw new PublicError(error.message, error.status, field);
    throw error;
  }
}

/**
 * Saves the owner's changes (all the settings from the form, or some of them from the API) over
 * what is kept, with new pictures or without the removed ones. Answers the settings now in force.
 */
export async function saveShopSettings(
  changes: Partial<ShopSettingsInput>,
  pictures: SettingsPictures = {},
): Promise<ShopSettings> {
  const stored: Partial<Record<"logoUrl" | "heroImageUrl", string>> = {};
  try {
    for (const field of ["logo", "heroImage"] as const) {
      const upload = pictures[field]?.upload;
      if (upload) stored[PICTURE_URLS[field]] = await savePicture(upload, field);
    }
  } catch (error) {
    await Promise.all(Object.values(stored).map(deleteImage));
    throw error;
  }

  let replaced: (string | null)[] = [];
  try {
    const saved = await commitTogether(async (tx) => {
      // Two owners saving at once: one after the other, each over what the other saved.
      await lockName(tx, "shop_settings");
      const [row] = await tx
        .select({ settings: shopSettings.settings })
        .from(shopSettings)
        .where(eq(shopSettings.id, ROW));
      const before = settingsOf(row?.settings);
      const next: ShopSettings = { ...before, ...changes };
      for (const field of ["logo", "heroImage"] as const) {
        const key = PICTURE_URLS[field];
        if (stored[key] || pictures[field]?.remove) next[key] = stored[key] ?? null;
      }
      const problem = heroButtonProblem(next);
      if (problem) throw new PublicError(problem.message, 400, problem.field);
      if (next.heroCategories && changes.heroCategories)
        next.heroCategories = await heroChoice(tx, next.heroCategories);
      if (changes.ownerMailAdmins?.length) {
        const admins = await adminsAmong(changes.ownerMailAdmins, tx);
        if (admins.length !== changes.ownerMailAdmins.length)
          throw new PublicError("Choose admins from the list", 400, "ownerMailAdmins");
      }
      await tx
        .insert(shopSettings)
        .values({ id: ROW, settings: next, updatedAt: new Date() })
        .onConflictDoUpdate({ target: shopSettings.id, set: { settings: next, updatedAt: new Date() } });
      return { before, next };
    });
    replaced = (["logoUrl", "heroImageUrl"] as const)
      .filter((key) => saved.before[key] !== saved.next[key])
      .map((key) => saved.before[key]);
    return saved.next;
  } catch (error) {
    replaced = Object.values(stored);
    throw error;
  } finally {
    await Promise.all(replaced.map(deleteImage));
  }
}

/**
 * The home page's categories as chosen: each must be one of the shop's; all of them reads as null
 * (every category, those added later too).
 */
async function heroChoice(tx: Tx, names: string[]): Promise<string[] | null> {
  const all = await tx.select({ name: categories.name, hidden: categories.hidden }).from(categories);
  if (names.some((n) => !all.some((c) => c.name === n)))
    throw new PublicError("Choose categories from the list", 400, "heroCategories");
  const listed = all.filter((c) => !c.hidden);
  return listed.length > 0 && listed.every((c) => names.includes(c.name)) ? null : names;
}

/** A category renamed (app/models/catalogue/categories.server.ts): the home page's choice follows it, in its transaction. */
export async function renameHeroCategory(tx: Tx, from: string, to: string): Promise<void> {
  await lockName(tx, "shop_settings");
  const [row] = await tx.select({ settings: shopSettings.settings }).from(shopSettings).where(eq(shopSettings.id, ROW));
  const settings = settingsOf(row?.settings);
  if (!settings.heroCategories?.includes(from)) return;
  const next = { ...settings, heroCategories: settings.heroCategories.map((n) => (n === from ? to : n)) };
  await tx.update(shopSettings).set({ settings: next, updatedAt: new Date() }).where(eq(shopSettings.id, ROW));
}

/** The admins (id, name, e-mail) among these user ids. */
async function adminsAmong(ids: readonly string[], q: Queryable = db) {
  if (!ids.length) return [];
  return q
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(inList(users.id, listParam([...ids])), eq(users.role, ADMIN_ROLE)));
}

/** Every admin, for the settings form's choice of who gets the owner's mails. */
export function listAdmins() {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.role, ADMIN_ROLE))
    .orderBy(asc(users.name), asc(users.email));
}

/**
 * Where the owner's mails go (a paid order's, the daily summary): the contact e-mail and every
 * chosen user who is an admin still, each address once.
 */
export async function ownerMailRecipients(q: Queryable = db, known?: ShopSettings): Promise<string[]> {
  const settings = known ?? (await getShopSettings());
  const admins = await adminsAmong(settings.ownerMailAdmins, q);
  return [...new Set([settings.contactEmail, ...admins.map((a) => a.email)].filter(Boolean))];
}
