import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { commitTogether } from "~/db/commit.server";
import { followCatalogueVersion } from "~/db/dialect";
import { pages } from "~/db/schema";
import { pageSchema } from "~/lib/page-schema";
import { catalogueSitemap } from "./sitemap.server";
import { createPage, deletePage, footerPages, hasPage, pageJson, shownPage, updatePage } from "./pages.server";

// The shop's own pages on both engines: one address each, the footer's links and the rendered
// pages read from memory until a page changes, and nothing in a page's Markdown runs.

beforeAll(() => followCatalogueVersion());
beforeEach(async () => {
  await commitTogether((tx) => tx.delete(pages));
});

const page = (input: Record<string, unknown>) => pageSchema.parse({ inFooter: true, ...input });

describe("the shop's pages", () => {
  it("are linked from the footer in the owner's order, those kept out of it not", async () => {
    await createPage(page({ title: "Terms", body: "Ours.", position: 3 }));
    await createPage(page({ title: "Contact us", slug: "contact", body: "Write.", position: 1 }));
    await createPage(page({ title: "Hidden", body: "Not linked.", inFooter: false }));
    expect(await footerPages()).toEqual([
      { slug: "contact", title: "Contact us" },
      { slug: "terms", title: "Terms" },
    ]);
    expect(await hasPage("hidden")).toBe(true);
    expect(await hasPage("nowhere")).toBe(false);
  });

  it("are read from memory until one changes, and a change shows at once", async () => {
    const created = await createPage(page({ title: "Privacy", body: "We keep **little**." }));
    const first = await shownPage("privacy");
    expect(first?.html).toBe("<p>We keep <strong>little</strong>.</p>\n");
    expect(await shownPage("privacy")).toBe(first);
    const links = await footerPages();
    expect(await footerPages()).toBe(links);

    await updatePage(created.id, page({ title: "Your privacy", slug: "privacy", body: "Even less." }));
    expect((await shownPage("privacy"))?.html).toBe("<p>Even less.</p>\n");
    expect(await footerPages()).toEqual([{ slug: "privacy", title: "Your privacy" }]);

    await deletePage(created.id);
    expect(await shownPage("privacy")).toBeNull();
    expect(await footerPages()).toEqual([]);
  });

  it("refuse a second page at one address, beside the address", async () => {
    await createPage(page({ title: "Contact", body: "a" }));
    await expect(createPage(page({ title: "Contact", body: "b" }))).rejects.toMatchObject({
      status: 409,
      field: "slug",
      message: "Another page has this address: choose another",
    });
    const other = await createPage(page({ title: "Other", body: "c" }));
    await expect(updatePage(other.id, page({ title: "Other", slug: "contact", body: "c" }))).rejects.toMatchObject({
      status: 409,
      field: "slug",
    });
  });

  it("answer 404 for a page that is not there", async () => {
    await expect(updatePage("missing", page({ title: "X", body: "y" }))).rejects.toMatchObject({ status: 404 });
    await expect(deletePage("missing")).rejects.toMatchObject({ status: 404 });
  });

  it("render harmless whatever the Markdown holds", async () => {
    const created = await createPage(
      page({
        title: "Attack",
        body: '<script>alert(1)</script>\n\n<iframe src="https://evil.example"></iframe>\n\n[x](javascript:alert(1))',
      }),
    );
    const shown = (await shownPage("attack"))!.html;
    expect(shown).not.toMatch(/<(script|iframe)\b/);
    expect(shown).not.toContain('href="javascript:');
    expect(pageJson(created).html).toBe(shown);
  });

  it("are in the sitemap", async () => {
    await createPage(page({ title: "Shipping and returns", slug: "shipping-returns", body: "Free over $200." }));
    expect(await catalogueSitemap("https://shop.example", "root")).toContain(
      "<loc>https://shop.example/pages/shipping-returns</loc>",
    );
  });
});
