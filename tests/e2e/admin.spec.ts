import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { money, productNamed } from "./helpers";
import { DEMO_ADMIN, DEMO_SHOPPER, loginViaForm, registerViaApi, waitForMails } from "./support/accounts";
import { placeOrder } from "./support/orders";
import { CATALOGUE_WRITE } from "./support/catalogue-write";
import { wcagViolations } from "./support/axe";
import { signInAs } from "./support/sign-in";

const ADMIN_PAGES = [
  "/dashboard",
  "/admin/products",
  "/admin/product",
  "/admin/orders",
  "/admin/returns",
  "/admin/users",
  "/admin/reviews",
  "/admin/categories",
  "/admin/category",
  "/admin/pages",
  "/admin/page",
  "/admin/settings",
];
const avatar = path.resolve("public/images/default_avatar.jpg");
const logo = path.resolve("public/images/profile.png");

async function asAdmin(page: Page) {
  await signInAs(page, DEMO_ADMIN.email);
}

test("every admin page turns away visitors and shoppers", async ({ page, browser }) => {
  // Two visitors walk every admin page.
  test.setTimeout(120_000);
  for (const url of ADMIN_PAGES) {
    await page.goto(url);
    await expect(page, url).toHaveURL(/\/lgn\?redirectTo=/);
  }
  const shopper = await (await browser.newContext()).newPage();
  await registerViaApi(shopper);
  const product = await productNamed(shopper.request, "Atomic Habits by James Clear");
  for (const url of [
    ...ADMIN_PAGES,
    `/admin/product/${product._id}`,
    `/admin/product/${product._id}/delete`,
    "/admin/user/x",
    "/admin/order/x",
  ]) {
    await shopper.goto(url);
    await expect(shopper, url).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(shopper.getByTestId("toast")).toHaveText("That page is for admins only.");
  }
  // Writes are refused on the server too, not only hidden.
  const post = await shopper.request.post(`/admin/product/${product._id}/delete`, { maxRedirects: 0 });
  expect(post.status()).toBe(302);
  expect(post.headers().location).toBe("/");
  expect((await productNamed(shopper.request, product.name))._id).toBe(product._id);
  await shopper.context().close();
});

test("dashboard shows the totals, each card linking to its list", async ({ page }) => {
  await asAdmin(page);
  await page.goto("/dashboard");
  await expect(page.getByTestId("total-amount")).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByTestId("count-products")).toHaveText(/^\d+$/);
  await expect(page.getByTestId("sales-chart").locator("rect")).toHaveCount(30);
  await expect(
    page
      .locator("figure")
      .filter({ has: page.getByTestId("sales-chart") })
      .locator("figcaption"),
  ).toHaveText("Sales, last 30 days (days in UTC)");
  await expect(page.getByRole("link", { name: /Total Amount/ })).toHaveAttribute("href", "/admin/orders");
  await expect(page.getByRole("link", { name: /Out of Stock/ })).toHaveAttribute("href", "/admin/products?stock=out");
  await page
    .getByRole("link", { name: /^Users/ })
    .last()
    .click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole("columnheader", { name: "Email" })).toBeVisible();
});

test(
  "an admin creates a product with two images, finds it in the shop, edits it and deletes it",
  { tag: CATALOGUE_WRITE },
  async ({ page }) => {
    const name = `Admin Test Widget ${test.info().project.name} ${Date.now()}`;
    await asAdmin(page);
    await page.goto("/admin/product");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    for (const message of [
      "Please enter product name",
      "Please enter product price",
      "Please enter product description",
      "Please select correct category for product",
      "Please enter product stock",
      "Please enter product seller",
      "Please add at least one image",
    ])
      await expect(page.getByText(message)).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Price").fill("abc");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("The price must be an amount such as 25 or 19.99")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await expect(page.getByLabel("Price")).toHaveValue("abc");

    await page.getByLabel("Price").fill("42.50");
    await page.getByLabel("Description").fill("A widget made by the admin test.");
    await page.getByLabel("Category").selectOption("Accessories");
    await page.getByLabel("Stock").fill("7");
    await page.getByLabel("Seller Name").fill("Test Seller Co");
    await page.getByLabel("Images").setInputFiles([avatar, logo]);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    // Back to the admin's product list, newest first: the new product is on its first page.
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByTestId("toast")).toHaveText("Product created successfully");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: name })
        .getByRole("link", { name: `Edit ${name}` }),
    ).toBeVisible();

    // The shop's own search, in the header (the list above has a search of its own).
    const catalogueSearch = page.getByRole("search", { name: "Catalogue" });
    await catalogueSearch.getByPlaceholder("Enter Product Name ...").fill(name);
    await catalogueSearch.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByTestId("product-card")).toHaveCount(1);
    await page.getByTestId("product-card").getByRole("link", { name: "View Details" }).click();
    await expect(page.getByTestId("price")).toHaveText("$42.50");
    await expect(page.locator(".carousel-item img")).toHaveCount(2);
    const id = page.url().split("/product/")[1];

    await page.goto(`/admin/product/${id}`);
    await expect(page.getByTestId("current-images").locator("img")).toHaveCount(2);
    await expect(page.getByLabel("Price")).toHaveValue("42.50");
    await page.getByLabel("Price").fill("39.99");
    await page.getByLabel("Stock").fill("0");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByTestId("toast")).toHaveText("Product updated successfully");
    await page.goto(`/product/${id}`);
    await expect(page.getByTestId("price")).toHaveText("$39.99");
    await expect(page.getByTestId("stock-status")).toHaveText("Out of Stock");

    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: `Delete ${name}` }).click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Product deleted successfully");
    expect((await page.goto(`/product/${id}`))?.status()).toBe(404);
  },
);

test("the admin's forms mark their required fields, explained once above the button", async ({ page }) => {
  await asAdmin(page);
  for (const [url, required, optional] of [
    ["/admin/product", ["Name", "Description", "Category", "Stock", "Seller Name"], ["Images"]],
    ["/admin/category", ["Name"], ["Address"]],
    ["/admin/page", ["Title", "Text"], ["Address", "Order in the footer"]],
  ] as const) {
    await page.goto(url);
    const form = page.locator("form", { has: page.getByRole("button", { name: "Create", exact: true }) });
    for (const label of required) {
      // The "*" is seen, not heard: the control says it is required.
      await expect(form.getByLabel(label, { exact: true }), `${url} ${label}`).toHaveJSProperty("required", true);
      const mark = form
        .locator("label", { hasText: new RegExp(`^${label}$`) })
        .locator("xpath=following-sibling::*[1]");
      await expect(mark).toHaveAttribute("aria-hidden", "true");
      await expect(mark).toHaveText("*");
    }
    for (const label of optional)
      await expect(form.getByLabel(label, { exact: true })).toHaveJSProperty("required", false);
    await expect(form.getByText("* required", { exact: true })).toBeVisible();
    if (test.info().project.use.javaScriptEnabled !== false) expect(await wcagViolations(page)).toEqual([]);
  }
  // A form without a required field has no legend.
  await page.goto("/admin/products");
  await expect(page.getByText("* required", { exact: true })).toHaveCount(0);
});

test(
  "a refused product form keeps its pictures, each with a box to remove it, new or updated",
  { tag: CATALOGUE_WRITE },
  async ({ page }) => {
    const name = `Kept Pictures ${test.info().project.name} ${Date.now()}`;
    await asAdmin(page);
    await page.goto("/admin/product");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Price").fill("12.00");
    await page.getByLabel("Description").fill("Its pictures survive a refusal.");
    await page.getByLabel("Category").selectOption("Accessories");
    await page.getByLabel("Stock").fill("3");
    await page.getByLabel("Seller Name").fill("Keepers Ltd");
    const notAnImage = { name: "evil.png", mimeType: "image/png", buffer: Buffer.from("<script>no</script>") };
    const picture = (file: string) => ({
      name: path.basename(file),
      mimeType: "image/png",
      buffer: fs.readFileSync(file),
    });
    await page.getByLabel("Images").setInputFiles([picture(avatar), picture(logo), notAnImage]);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    // Only the server can tell a picture is broken: the good two are kept, the fields too.
    await expect(page.getByText("Please choose a JPEG, PNG or WebP image.")).toBeVisible();
    const kept = page.getByTestId("kept-images");
    await expect(kept.locator("img")).toHaveCount(2);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await expect(page.getByLabel("Category")).toHaveValue("Accessories");
    await expect(page.getByLabel("Images")).toHaveValue("");
    if (test.info().project.use.javaScriptEnabled !== false) expect(await wcagViolations(page)).toEqual([]);

    // Removing one and leaving a field empty: both messages come back, the other picture stays.
    await kept.getByLabel("Remove picture 2").check();
    await page.getByLabel("Seller Name").fill("");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("Please enter product seller")).toBeVisible();
    if (test.info().project.use.javaScriptEnabled === false) await expect(kept.locator("img")).toHaveCount(1);
    await page.getByLabel("Seller Name").fill("Keepers Ltd");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByTestId("toast")).toHaveText("Product created successfully");
    const row = page.getByRole("row").filter({ hasText: name });
    await row.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByTestId("current-images").locator("img")).toHaveCount(1);

    // Updating: new pictures sent with a refused field are kept and then replace the current one.
    await page.getByLabel("Name", { exact: true }).fill("");
    await page.getByLabel("Images").setInputFiles([logo, avatar]);
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page.getByText("Please enter product name")).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page.getByTestId("toast")).toHaveText("Product updated successfully");
    await page
      .getByRole("row")
      .filter({ hasText: name })
      .getByRole("link", { name: `Edit ${name}` })
      .click();
    await expect(page.getByTestId("current-images").locator("img")).toHaveCount(2);
  },
);

test("an admin processes an order Processing → Shipped → Delivered; paid, it cannot be deleted", async ({
  page,
  browser,
}) => {
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const account = await registerViaApi(buyer, "Order Owner");
  const order = await placeOrder(buyer.request, "Hydro Flask 32 oz Wide Mouth Bottle");

  await asAdmin(page);
  // The order number finds the order.
  await page.goto(`/admin/orders?${new URLSearchParams({ q: `#${order.orderNumber}` })}`);
  const row = page.getByRole("row").filter({ has: page.getByRole("checkbox", { name: `Select order ${order._id}` }) });
  await expect(row.getByRole("cell", { name: `#${order.orderNumber}`, exact: true })).toBeVisible();
  await expect(row.getByTestId("order-status")).toHaveClass(/text-bg-secondary/);
  await row.getByRole("link", { name: `View order ${order._id}` }).click();
  await expect(page.getByRole("heading", { name: `Order #${order.orderNumber}`, exact: true })).toBeVisible();
  await expect(page.getByTestId("payment-status")).toHaveText("PAID");
  await expect(page.getByTestId("total")).toHaveText(money(order.totalPrice));
  await expect(page.getByRole("link", { name: "Receipt" })).toHaveAttribute("href", `/order/${order._id}/receipt`);
  for (const [status, badge] of [
    ["Shipped", /text-bg-info/],
    ["Delivered", /text-bg-success/],
  ] as const) {
    await page.getByLabel("Status").selectOption(status);
    await page.getByRole("button", { name: "Update status", exact: true }).click();
    await expect(page.getByTestId("toast")).toHaveText("Order updated successfully");
    await expect(page.getByTestId("order-status")).toHaveText(status);
    await expect(page.getByTestId("order-status")).toHaveClass(badge);
  }
  await expect(page.getByTestId("status-history").locator("li")).toHaveCount(3);
  // The buyer got a mail for each change, naming the order.
  const [shipped, delivered] = await waitForMails(account.email, `your order #${order.orderNumber} has`, 2);
  expect(shipped.subject).toBe(`ShopIT: your order #${order.orderNumber} has shipped`);
  expect(delivered.subject).toBe(`ShopIT: your order #${order.orderNumber} has been delivered`);
  for (const mail of [shipped, delivered]) {
    expect(mail.alternative).toBe(true);
    expect(mail.text).toContain(`/order/${order._id}`);
  }

  // The buyer sees the same status and history; stock was not touched again by the changes.
  await buyer.goto(`/order/${order._id}`);
  await expect(buyer.getByTestId("order-status")).toHaveText("Delivered");
  await buyerContext.close();

  // Deleting is offered on the order's page; a paid order is cancelled or refunded first (admin-orders.spec.ts).
  await page.getByRole("link", { name: "Delete order…" }).click();
  await expect(page.getByTestId("delete-refused")).toHaveText(
    "This order is paid: cancel it or refund it in full before deleting it.",
  );
});

test("an order moves back only when the admin confirms it, and the buyer hears only of steps forward", async ({
  page,
  browser,
}) => {
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const account = await registerViaApi(buyer, "Step Back Owner");
  const order = await placeOrder(buyer.request, "Hydro Flask 32 oz Wide Mouth Bottle");
  await buyerContext.close();

  await asAdmin(page);
  await page.goto(`/admin/order/${order._id}`);
  const status = page.getByLabel("Status");
  const update = page.getByRole("button", { name: "Update status", exact: true });
  // Processing → Delivered skips Shipped: still a step forward, mailed.
  await status.selectOption("Delivered");
  await update.click();
  await expect(page.getByTestId("toast")).toHaveText("Order updated successfully");
  await expect(page.getByTestId("order-status")).toHaveText("Delivered");

  // A step back is refused beside the select, the choice kept, until the admin confirms it.
  const refusal =
    "This order is Delivered. Moving it back to Shipped needs a confirmation; the buyer gets no mail about it.";
  const confirm = page.getByRole("checkbox", { name: "Yes, move this order back to Shipped" });
  await expect(confirm).toHaveCount(0);
  await status.selectOption("Shipped");
  await update.click();
  await expect(status).toHaveAccessibleDescription(refusal);
  await expect(status).toHaveAttribute("aria-invalid", "true");
  await expect(status).toHaveValue("Shipped");
  await expect(confirm).not.toBeChecked();
  await expect(page.getByTestId("order-status")).toHaveText("Delivered");
  if (test.info().project.use.javaScriptEnabled !== false) expect(await wcagViolations(page)).toEqual([]);
  // Sent again without the tick: refused again.
  await update.click();
  await expect(status).toHaveAccessibleDescription(refusal);
  await expect(page.getByTestId("order-status")).toHaveText("Delivered");
  // A tick given for Shipped does not confirm another step back.
  await status.selectOption("Processing");
  await confirm.check();
  await update.click();
  await expect(status).toHaveAccessibleDescription(
    "This order is Delivered. Moving it back to Processing needs a confirmation; the buyer gets no mail about it.",
  );
  await expect(page.getByTestId("order-status")).toHaveText("Delivered");

  await status.selectOption("Shipped");
  await update.click();
  await confirm.check();
  await update.click();
  await expect(page.getByTestId("toast")).toHaveText("Order moved back to Shipped; no mail was sent");
  await expect(page.getByTestId("order-status")).toHaveText("Shipped");
  await expect(status).toHaveValue("Shipped");
  await expect(status).not.toHaveAttribute("aria-invalid");
  await expect(confirm).toHaveCount(0);

  // The same status again changes nothing.
  await update.click();
  await expect(page.getByTestId("toast")).toHaveText("Nothing changed: the order is already Shipped");
  await expect(page.getByTestId("status-history").locator("li")).toHaveCount(3);

  // One mail, for the one step forward (Delivered); none for the step back or the repeat.
  const about = `your order #${order.orderNumber} has`;
  const [delivered] = await waitForMails(account.email, about, 1);
  expect(delivered.subject).toBe(`ShopIT: your order #${order.orderNumber} has been delivered`);
  await expect(waitForMails(account.email, about, 2, 1500)).rejects.toThrow("No 2 mails");
});

test("an admin edits a user's role and deletes the user; each ends the user's sessions", async ({ page, browser }) => {
  const other = await browser.newContext();
  const userPage = await other.newPage();
  const account = await registerViaApi(userPage, "Role Change");
  const expectSignedOut = async () => {
    await userPage.goto("/me");
    await expect(userPage).toHaveURL(/\/lgn\?redirectTo=%2Fme$/);
  };

  await asAdmin(page);
  await page.goto(`/admin/users?q=${encodeURIComponent(account.email)}`);
  await page.getByRole("link", { name: `Edit ${account.email}` }).click();
  await expect(page.getByLabel("Role")).toHaveValue("user");
  await page.getByLabel("Role").selectOption("admin");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByTestId("toast")).toHaveText("User updated successfully");
  await page.goto(`/admin/users?q=${encodeURIComponent(account.email)}`);
  await expect(page.getByRole("row").filter({ hasText: account.email })).toContainText("admin");
  await expectSignedOut();

  await loginViaForm(userPage, account.email, account.password);
  await expect(userPage.locator(".user-menu > summary")).toContainText("Role Change");
  await page.getByRole("link", { name: `Delete ${account.email}` }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByTestId("toast")).toHaveText("User deleted successfully");
  await expectSignedOut();
  await other.close();
  await page.goto(`/admin/users?q=${encodeURIComponent(account.email)}`);
  await expect(page.getByText("No matching records found")).toBeVisible();
});

test("an admin cannot demote themself", async ({ page }) => {
  await asAdmin(page);
  const me = await (await page.request.get("/api/v1/me")).json();
  await page.goto(`/admin/user/${me.user._id}`);
  await page.getByLabel("Role").selectOption("user");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("You cannot remove the admin role from your own account")).toBeVisible();
});

test("an admin deletes a review from the reviews page; the rating is recomputed", async ({ page, browser }) => {
  const product = await productNamed(
    page.request,
    test.info().project.name === "js" ? "Garmin Forerunner 265 Running Watch" : "Yonex Astrox 88S Badminton Racket",
  );
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await registerViaApi(reviewer, "Harsh Critic");
  await reviewer.request.put("/api/v1/review", { data: { rating: 1, comment: "Not for me", productId: product._id } });
  await reviewerContext.close();

  await asAdmin(page);
  await page.goto(`/admin/reviews?productId=${product._id}`);
  for (const header of ["Review ID", "Rating", "Comment", "User", "Actions"])
    await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
  // The table's own search keeps the product.
  await page.getByRole("main").getByRole("searchbox", { name: "Search" }).fill("Not for me");
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`productId=${product._id}`));
  await expect(page.locator("tbody tr")).toHaveCount(1);
  const row = page.getByRole("row").filter({ hasText: "Not for me" });
  await expect(row).toContainText("Harsh Critic");
  await row.getByRole("button", { name: /Delete review/ }).click();
  await expect(page.getByTestId("toast")).toHaveText("Review deleted successfully");
  await expect(page.getByText("Not for me")).toHaveCount(0);
  const after = await productNamed(page.request, product.name);
  expect(after.numOfReviews).toBe(product.numOfReviews);
  expect(after.ratings).toBeCloseTo(product.ratings, 5);

  await page.goto(
    `/admin/reviews?productId=${(await productNamed(page.request, "Le Creuset Signature Cast Iron Casserole 24 cm"))._id}`,
  );
  await expect(page.getByText("This product has no reviews yet.")).toBeVisible();
});

test("shoppers' pages stay reachable for the demo shopper", async ({ page }) => {
  await signInAs(page, DEMO_SHOPPER.email);
  await page.goto("/orders/me");
  await expect(page.getByRole("heading", { name: "My Orders" })).toBeVisible();
});
