import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { commitTogether } from "~/db/commit.server";
import { isUniqueViolation } from "~/db/dialect";
import { pages } from "~/db/schema";
import { renderMarkdown } from "~/lib/markdown";
import type { PagePayload } from "~/lib/api-payloads";
import type { PageInput } from "~/lib/page-schema";
import { PublicError } from "~/lib/public-error";
import { catalogueCached } from "~/models/platform";
import { saveImage, type ImageUpload } from "~/models/uploads";

// The shop's own pages: contact, shipping and returns, privacy, terms and any the owner adds.
// Every write moves the catalogue's version (drizzle/*/…_pages), so the footer's links and the
// rendered pages are kept in memory between writes, as the catalogue's answers are.

export type Page = typeof pages.$inferSelect;
/** A page as the storefront shows it: its Markdown already rendered (safely: app/lib/markdown.ts). */
export type ShownPage = { slug: string; title: string; html: string; updatedAt: Date };
export type PageLink = { slug: string; title: string };

/** A page as the API answers it. */
export function pageJson(page: Page): PagePayload {
  return {
    _id: page.id,
    slug: page.slug,
    title: page.title,
    body: page.body,
    html: renderMarkdown(page.body),
    inFooter: page.inFooter,
    position: page.position,
    updatedAt: page.updatedAt.toISOString(),
  };
}

/** The page at this address, as stored, or undefined. */
export async function getPageBySlug(slug: string): Promise<Page | undefined> {
  const [page] = await db.select().from(pages).where(eq(pages.slug, slug));
  return page;
}

const inFooterOrder = [asc(pages.position), asc(pages.title)];

/** Every page, for the admin (in the footer's order). */
export function listPages(): Promise<Page[]> {
  return db
    .select()
    .from(pages)
    .orderBy(...inFooterOrder);
}

export async function getPageById(id: string): Promise<Page | undefined> {
  const [page] = await db.select().from(pages).where(eq(pages.id, id));
  return page;
}

/** The footer's links, in the owner's order. */
export function footerPages(): Promise<PageLink[]> {
  return catalogueCached(
    "footer-pages",
    () =>
      db
        .select({ slug: pages.slug, title: pages.title })
        .from(pages)
        .where(eq(pages.inFooter, true))
        .orderBy(...inFooterOrder),
    () => [],
  );
}

/** Whether a page of this slug exists (the checkout links the terms when there are some). */
export async function hasPage(slug: string): Promise<boolean> {
  return (await shownPage(slug)) !== null;
}

/** The page at /pages/{slug}, rendered, or null. */
export function shownPage(slug: string): Promise<ShownPage | null> {
  return catalogueCached(
    `page:${slug}`,
    async () => {
      const page = await getPageBySlug(slug);
      return page
        ? { slug: page.slug, title: page.title, html: renderMarkdown(page.body), updatedAt: page.updatedAt }
        : null;
    },
    () => [],
  );
}

/** Every page's address and last change, for the sitemap. */
export function pagesForSitemap(): Promise<{ slug: string; updatedAt: Date }[]> {
  return db.select({ slug: pages.slug, updatedAt: pages.updatedAt }).from(pages).orderBy(asc(pages.slug));
}

const slugTaken = (error: unknown) =>
  isUniqueViolation(error, "pages.slug")
    ? new PublicError("Another page has this address: choose another", 409, "slug")
    : error;

/**
 * Stores a picture for a page (checked and resized, as every upload) and answers the Markdown that
 * shows it, with `description` as its text for people who cannot see it.
 */
export async function savePagePicture(upload: ImageUpload, description: string): Promise<string> {
  const url = await saveImage(upload, "pages");
  return `![${description.replace(/[[\]\\\n\r]/g, " ").trim()}](${url})`;
}

export async function createPage(input: PageInput): Promise<Page> {
  try {
    const [page] = await commitTogether((tx) => tx.insert(pages).values(input).returning());
    return page;
  } catch (error) {
    throw slugTaken(error);
  }
}

export async function updatePage(id: string, input: PageInput): Promise<Page> {
  try {
    const [page] = await commitTogether((tx) =>
      tx
        .update(pages)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(pages.id, id))
        .returning(),
    );
    if (!page) throw new PublicError("Page not found", 404);
    return page;
  } catch (error) {
    throw slugTaken(error);
  }
}

export async function deletePage(id: string): Promise<void> {
  const deleted = await commitTogether((tx) => tx.delete(pages).where(eq(pages.id, id)).returning({ id: pages.id }));
  if (deleted.length === 0) throw new PublicError("Page not found", 404);
}
