import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, registerViaApi } from "./support/accounts";
import { overflowsViewport, wcagViolations } from "./support/axe";
import { placeOrder } from "./support/orders";
import { signInAs } from "./support/sign-in";

// The admin's returns inbox (/admin/returns): every order's returns in one list, filtered by state
// through the URL (a GET form, so without JavaScript too), each leading to its order's page.

test("the returns inbox lists a return with its order, customer, items and reason, filtered by state", async ({
  page,
  browser,
  playwright,
  baseURL,
  javaScriptEnabled,
}) => {
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const account = await registerViaApi(buyer, "Ines Inbox");
  const order = await placeOrder(buyer.request, "Hydro Flask 32 oz Wide Mouth Bottle", 2);
  const number = `#${order.orderNumber}`;
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post("/api/v1/login", { data: DEMO_ADMIN })).status()).toBe(200);
  expect((await admin.put(`/api/v1/admin/update/order/${order._id}`, { data: { status: "Delivered" } })).status()).toBe(
    200,
  );
  const [line] = (await (await buyer.request.get(`/api/v1/order/${order._id}`)).json()).returnable.items;
  const asked = await buyer.request.post(`/api/v1/order/${order._id}/return`, {
    data: { items: [{ item: line.item, quantity: 1 }], reason: "The lid leaks" },
  });
  expect(asked.status()).toBe(201);
  const returnId: string = (await asked.json()).return._id;
  await buyerContext.close();

  // The dashboard counts the returns waiting for the owner and leads to them.
  await signInAs(page, DEMO_ADMIN.email);
  await page.goto("/dashboard");
  await expect(page.getByTestId("count-open-returns")).toHaveText(/^[1-9]\d*$/);
  await page.getByRole("link", { name: /Open Returns/ }).click();
  await expect(page).toHaveURL(/\/admin\/returns\?state=waiting$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Returns");
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Returns" }).last(),
  ).toHaveAttribute("aria-current", "page");
  const state = page.getByLabel("State");
  await expect(state).toHaveValue("waiting");

  // The shared shop has other returns: this one is found by its order's number, the filter kept.
  const search = page.getByRole("search", { name: "Returns" });
  await search.getByRole("searchbox").fill(number);
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=%23${order.orderNumber}&state=waiting$`));
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole("link", { name: number })).toHaveAttribute("href", `/admin/order/${order._id}`);
  for (const text of ["Ines Inbox", account.email, "1 × Hydro Flask 32 oz Wide Mouth Bottle", "The lid leaks"])
    await expect(rows).toContainText(text);
  await expect(rows.getByTestId("return-state")).toHaveText("Requested");
  await expect(rows.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);

  if (javaScriptEnabled) {
    // Freshly loaded, the pointer off the buttons: a hover fading out as the layout moves is not what axe should judge.
    await page.mouse.move(0, 0);
    await page.goto(page.url());
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      expect.soft(await wcagViolations(page), `the returns inbox at ${width} px`).toEqual([]);
    }
    // On a phone: the order, its state and date; the rest folds away.
    expect(await overflowsViewport(page)).toBe(false);
    for (const cell of [
      rows.getByRole("link", { name: number }),
      rows.getByTestId("return-state"),
      rows.locator("time"),
    ])
      await expect(cell).toBeInViewport();
    await expect(rows.getByText("The lid leaks")).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // Another state: a GET form (its button without JavaScript), the search kept.
  const showState = async (value: string) => {
    await state.selectOption(value);
    if (!javaScriptEnabled) await page.locator("form", { has: state }).getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]state=${value}(&|$)`));
    await expect(page).toHaveURL(new RegExp(`[?&]q=%23${order.orderNumber}(&|$)`));
  };
  await showState("approved");
  await expect(rows).toHaveText(["No matching records found"]);

  // Approved: no longer waiting for the owner; under Approved.
  expect((await admin.post(`/api/v1/admin/return/${returnId}`, { data: { action: "approve" } })).status()).toBe(200);
  await admin.dispose();
  await page.reload();
  await expect(rows.getByTestId("return-state")).toHaveText("Approved");
  await showState("waiting");
  await expect(rows).toHaveText(["No matching records found"]);
  await showState("");
  await expect(rows.getByTestId("return-state")).toHaveText("Approved");

  // The order's number leads to its page, where the return's steps are.
  await rows.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { name: `Order ${number}`, exact: true })).toBeVisible();
  await expect(page.getByTestId("return-status")).toHaveText("Approved: send the items back");
});
