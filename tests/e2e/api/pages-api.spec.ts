import { expect, test } from "../support/openapi-check";
import { expectRefused } from "../support/api-refusals";
import { DEMO_ADMIN } from "../support/accounts";

test("pages: read by anyone, written by admins, each field checked, the HTML harmless", async ({
  request,
  playwright,
  baseURL,
}) => {
  const listed = await (await request.get("/api/v1/pages")).json();
  expect(listed.pages.map((p: { slug: string }) => p.slug)).toEqual([
    "contact",
    "shipping-returns",
    "privacy",
    "terms",
  ]);
  const terms = await (await request.get("/api/v1/page/terms")).json();
  expect(terms.page).toMatchObject({ slug: "terms", title: "Terms and conditions", inFooter: true });
  expect(terms.page.html).toContain("<ol>");
  await expectRefused(await request.get("/api/v1/page/nowhere"), 404, "Page not found");
  await expectRefused(
    await request.post("/api/v1/admin/page/new", { data: { title: "Mine", body: "x" } }),
    401,
    "Login first to access this resource.",
  );

  const admin = await playwright.request.newContext({ baseURL });
  try {
    await admin.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
    for (const [body, message] of [
      [{ body: "x" }, "Enter the page's title"],
      [{ title: "T", body: "" }, "Write the page's text"],
      [
        { title: "T", slug: "Not a slug!", body: "x" },
        "Use lower-case letters, digits and hyphens, such as shipping-returns",
      ],
      [{ title: "T", body: "x", position: 1000 }, "The order must be a whole number from 0 to 999"],
    ] as const) {
      await expectRefused(await admin.post("/api/v1/admin/page/new", { data: body }), 400, message);
    }
    await expectRefused(
      await admin.post("/api/v1/admin/page/new", { data: { title: "Terms", body: "Again" } }),
      409,
      "Another page has this address: choose another",
    );

    const slug = `api-page-${Date.now()}`;
    const created = await admin.post("/api/v1/admin/page/new", {
      data: {
        title: "Api page",
        slug,
        body: '<iframe src="https://evil.example"></iframe> [x](javascript:alert(1))',
        inFooter: false,
      },
    });
    expect(created.status()).toBe(201);
    const page = (await created.json()).page;
    expect(page).toMatchObject({ slug, inFooter: false, position: 0 });
    expect(page.html).not.toMatch(/<iframe|href="javascript:/);
    // Out of the footer: not listed, still there.
    // Read as the admin from here on: a signed-in call reads the catalogue's version first, so on
    // two nodes the other node's answer is never from before this change.
    const footer = (await (await admin.get("/api/v1/pages")).json()).pages as { slug: string }[];
    expect(footer.some((p) => p.slug === slug)).toBe(false);
    expect((await admin.get(`/api/v1/page/${slug}`)).status()).toBe(200);
    expect(
      (await (await admin.get("/api/v1/admin/pages")).json()).pages.some((p: { slug: string }) => p.slug === slug),
    ).toBe(true);

    const updated = await admin.put(`/api/v1/admin/page/${page._id}`, {
      data: { title: "Api page, again", slug, body: "Now **bold**.", inFooter: true, position: 99 },
    });
    expect((await updated.json()).page).toMatchObject({
      title: "Api page, again",
      html: "<p>Now <strong>bold</strong>.</p>\n",
    });
    expect((await (await admin.get("/api/v1/pages")).json()).pages).toContainEqual({
      slug,
      title: "Api page, again",
    });

    expect((await admin.delete(`/api/v1/admin/page/${page._id}`)).status()).toBe(200);
    await expectRefused(await admin.delete(`/api/v1/admin/page/${page._id}`), 404, "Page not found");
    await expectRefused(await admin.get(`/api/v1/page/${slug}`), 404, "Page not found");
  } finally {
    await admin.dispose();
  }
});
