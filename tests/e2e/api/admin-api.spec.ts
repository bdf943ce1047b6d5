import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequest, type APIRequestContext } from "../support/openapi-check";
import { DEMO_ADMIN, uniqueEmail, waitForMails } from "../support/accounts";
import { placeOrder } from "../support/orders";
import { SHIPPING_FORM } from "../support/shopping";
import { CATALOGUE_WRITE } from "../support/catalogue-write";

const jpeg = fs.readFileSync(path.resolve("public/images/default_avatar.jpg"));
const dataUrl = `data:image/jpeg;base64,${jpeg.toString("base64")}`;
const validProduct = {
  name: "Api Gadget",
  price: "12.34",
  description: "From the API",
  category: "Electronics",
  seller: "Api Seller",
  stock: "5",
};

async function loggedIn(requests: APIRequest, baseURL: string | undefined, admin: boolean) {
  const context = await requests.newContext({ baseURL });
  if (admin) await context.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  else
    await context.post("/api/v1/register", {
      data: { name: "Plain User", email: uniqueEmail(), password: "password-123" },
    });
  return context;
}

async function expectError(
  response: Awaited<ReturnType<APIRequestContext["get"]>>,
  status: number,
  message: string | RegExp,
) {
  expect(response.status()).toBe(status);
  const body = (await response.json()) as { success: boolean; message: string };
  expect(body.success).toBe(false);
  expect(body.message).toMatch(message);
}

test(
  "admin product calls: 401, 403, field messages, create, update, delete",
  { tag: CATALOGUE_WRITE },
  async ({ request, playwright, baseURL }) => {
    await expectError(
      await request.post("/api/v1/admin/product/new", { data: validProduct }),
      401,
      "Login first to access this resource.",
    );
    const user = await loggedIn(playwright.request, baseURL, false);
    await expectError(
      await user.post("/api/v1/admin/product/new", { data: validProduct }),
      403,
      "Role (user) is not allowed to access this resource",
    );
    await expectError(await user.get("/api/v1/admin/products"), 403, "Role (user)");
    const admin = await loggedIn(playwright.request, baseURL, true);

    for (const [change, message] of [
      [{ name: "" }, "Please enter product name"],
      [{ name: "x".repeat(101) }, "Product name cannot exceed 100 characters"],
      [{ price: "" }, "Please enter product price"],
      [{ category: "Toys" }, "Please select correct category for product"],
      [{ seller: "" }, "Please enter product seller"],
      [{ stock: "" }, "Please enter product stock"],
    ] as const) {
      await expectError(
        await admin.post("/api/v1/admin/product/new", { data: { ...validProduct, ...change, images: [dataUrl] } }),
        400,
        message,
      );
    }
    await expectError(
      await admin.post("/api/v1/admin/product/new", { data: validProduct }),
      400,
      "Please add at least one image",
    );
    await expectError(
      await admin.post("/api/v1/admin/product/new", {
        data: { ...validProduct, images: ["data:image/png;base64,bm9wZQ=="] },
      }),
      400,
      "JPEG, PNG or WebP",
    );

    const created = await admin.post("/api/v1/admin/product/new", {
      data: { ...validProduct, images: [dataUrl, dataUrl] },
    });
    expect(created.status()).toBe(201);
    const { product } = await created.json();
    expect(product).toMatchObject({ name: "Api Gadget", price: 12.34, stock: 5, category: "Electronics" });
    expect(product.images).toHaveLength(2);
    const list = await (await admin.get("/api/v1/admin/products")).json();
    expect(list.products.some((p: { _id: string }) => p._id === product._id)).toBe(true);

    const updated = await admin.put(`/api/v1/admin/product/${product._id}`, {
      multipart: {
        ...validProduct,
        name: "Api Gadget 2",
        images: { name: "a.jpg", mimeType: "image/jpeg", buffer: jpeg },
      },
    });
    expect(await updated.json()).toEqual({ success: true, message: "Product updated successfully" });
    const fetched = (await (await request.get(`/api/v1/product/${product._id}`)).json()).product;
    expect(fetched).toMatchObject({ name: "Api Gadget 2" });
    expect(fetched.images).toHaveLength(1);
    await expectError(
      await admin.put("/api/v1/admin/product/unknown", { data: validProduct }),
      404,
      "Product not found",
    );

    expect(await (await admin.delete(`/api/v1/admin/product/${product._id}`)).json()).toEqual({
      success: true,
      message: "Product deleted successfully",
    });
    await expectError(await admin.delete(`/api/v1/admin/product/${product._id}`), 404, "Product not found");
    await user.dispose();
    await admin.dispose();
  },
);

test("admin order calls: list with totalAmount, status updates without touching stock, delete once refunded", async ({
  playwright,
  baseURL,
}) => {
  const buyer = await loggedIn(playwright.request, baseURL, false);
  const order = await placeOrder(buyer, "Coleman Sundome 4-Person Tent");
  await expectError(await buyer.get("/api/v1/admin/orders"), 403, "Role (user)");
  await expectError(
    await buyer.put(`/api/v1/admin/update/order/${order._id}`, { data: { status: "Shipped" } }),
    403,
    "Role (user)",
  );

  const admin = await loggedIn(playwright.request, baseURL, true);
  const list = await (await admin.get("/api/v1/admin/orders")).json();
  expect(list.success).toBe(true);
  expect(typeof list.totalAmount).toBe("number");
  expect(list.totalAmount).toBeGreaterThanOrEqual(order.totalPrice);
  expect(list.orders.some((o: { _id: string }) => o._id === order._id)).toBe(true);

  const stockBefore = (
    await (await admin.get(`/api/v1/products?keyword=${encodeURIComponent("Coleman Sundome")}`)).json()
  ).products[0].stock;
  await expectError(
    await admin.put(`/api/v1/admin/update/order/${order._id}`, { data: { status: "Lost" } }),
    400,
    "Please choose Processing, Shipped or Delivered",
  );
  for (const status of ["Shipped", "Delivered", "Delivered"]) {
    expect((await admin.put(`/api/v1/admin/update/order/${order._id}`, { data: { status } })).status()).toBe(200);
  }
  const stockAfter = (
    await (await admin.get(`/api/v1/products?keyword=${encodeURIComponent("Coleman Sundome")}`)).json()
  ).products[0].stock;
  expect(stockAfter).toBe(stockBefore);
  expect((await (await buyer.get(`/api/v1/order/${order._id}`)).json()).order.orderStatus).toBe("Delivered");
  // The buyer hears of Shipped and of Delivered once each; setting Delivered again changes nothing.
  // (Sorted: with several workers, the two PUTs may be answered by different processes.)
  const buyerEmail = (await (await buyer.get("/api/v1/me")).json()).user.email;
  const about = `your order #${order.orderNumber} has`;
  expect((await waitForMails(buyerEmail, about, 2)).map((mail) => mail.subject).sort()).toEqual([
    `ShopIT: your order #${order.orderNumber} has been delivered`,
    `ShopIT: your order #${order.orderNumber} has shipped`,
  ]);
  await expect(waitForMails(buyerEmail, about, 3, 1000)).rejects.toThrow("No 3 mails");
  await expectError(
    await admin.put("/api/v1/admin/update/order/unknown", { data: { status: "Shipped" } }),
    404,
    "Order not found",
  );

  // Paid: refused until the money is back with the buyer.
  await expectError(
    await admin.delete(`/api/v1/admin/order/${order._id}`),
    409,
    "This order is paid: cancel it or refund it in full before deleting it.",
  );
  const refund = await admin.post(`/api/v1/admin/order/${order._id}/refund`, {
    data: { amount: order.totalPrice, reason: "Never arrived after all" },
  });
  expect(refund.status()).toBe(201);
  expect(await (await admin.delete(`/api/v1/admin/order/${order._id}`)).json()).toEqual({
    success: true,
    message: "Order deleted successfully",
  });
  await expectError(await admin.delete(`/api/v1/admin/order/${order._id}`), 404, "Order not found");
  await buyer.dispose();
  await admin.dispose();
});

test("admin order status: a step back needs confirmBackward (409 without it) and mails nobody", async ({
  playwright,
  baseURL,
}) => {
  const buyer = await loggedIn(playwright.request, baseURL, false);
  const buyerEmail = (await (await buyer.get("/api/v1/me")).json()).user.email;
  // Not the tent: the test above compares the tent's stock before and after, and runs alongside.
  const order = await placeOrder(buyer, "Anker 737 Power Bank 24,000 mAh");
  const admin = await loggedIn(playwright.request, baseURL, true);
  const put = (data: Record<string, unknown>, path = "/api/v1/admin/update/order/") =>
    admin.put(`${path}${order._id}`, { data });
  const statusNow = async () => (await (await buyer.get(`/api/v1/order/${order._id}`)).json()).order.orderStatus;

  expect((await put({ status: "Delivered" })).status()).toBe(200);
  const refusal =
    'This order is Delivered. Moving it back to Shipped needs a confirmation; the buyer gets no mail about it. Send "confirmBackward": true to confirm.';
  // Refused without the field, with it false, or with a value that is not a yes; on both paths.
  for (const extra of [{}, { confirmBackward: false }, { confirmBackward: "yes" }]) {
    const refused = await put({ status: "Shipped", ...extra });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toEqual({ success: false, message: refusal });
  }
  await expectError(
    await put({ status: "Processing" }, "/api/v1/admin/order/"),
    409,
    "Moving it back to Processing needs a confirmation",
  );
  expect(await statusNow()).toBe("Delivered");

  const confirmed = await put({ status: "Shipped", confirmBackward: true });
  expect(await confirmed.json()).toEqual({ success: true, message: "Order updated successfully" });
  expect(await statusNow()).toBe("Shipped");
  // A form body confirms with "true" too; the same status again is a no-op.
  const formBody = await admin.put(`/api/v1/admin/update/order/${order._id}`, {
    form: { status: "Processing", confirmBackward: "true" },
  });
  expect(formBody.status()).toBe(200);
  expect((await put({ status: "Processing", confirmBackward: true })).status()).toBe(200);
  expect(await statusNow()).toBe("Processing");

  // Mailed once: the step forward to Delivered; the corrections and the repeat mail nobody.
  const about = `your order #${order.orderNumber} has`;
  expect((await waitForMails(buyerEmail, about, 1)).map((mail) => mail.subject)).toEqual([
    `ShopIT: your order #${order.orderNumber} has been delivered`,
  ]);
  await expect(waitForMails(buyerEmail, about, 2, 1500)).rejects.toThrow("No 2 mails");
  await buyer.dispose();
  await admin.dispose();
});

test("admin order tracking: a carrier and number with Shipped, in the buyer's order; each refusal says why", async ({
  playwright,
  baseURL,
}) => {
  const buyer = await loggedIn(playwright.request, baseURL, false);
  const order = await placeOrder(buyer, "Anker 737 Power Bank 24,000 mAh");
  const admin = await loggedIn(playwright.request, baseURL, true);
  const put = (data: Record<string, unknown>) => admin.put(`/api/v1/admin/update/order/${order._id}`, { data });
  const trackingNow = async () => (await (await buyer.get(`/api/v1/order/${order._id}`)).json()).order.tracking;

  expect(await trackingNow()).toBeNull();
  for (const [data, message] of [
    [{ status: "Shipped", carrier: "pigeon", trackingNumber: "1" }, /^Please choose the carrier: ups, usps/],
    [{ status: "Shipped", trackingNumber: "123" }, "Please choose the carrier"],
    [{ status: "Shipped", carrier: "dhl" }, "Please enter the tracking number"],
    [{ status: "Shipped", carrier: "dhl", trackingNumber: "<script>" }, /letters, digits, spaces and dashes only/],
    [{ status: "Shipped", carrier: "dhl", trackingNumber: ["1"] }, "The tracking number must be text"],
    [{ status: "Processing", carrier: "dhl", trackingNumber: "123" }, /set the status to Shipped/],
  ] as const) {
    await expectError(await put(data), 400, message);
  }
  expect((await (await buyer.get(`/api/v1/order/${order._id}`)).json()).order.orderStatus).toBe("Processing");

  expect((await put({ status: "Shipped", carrier: "fedex", trackingNumber: " 7489 2211 " })).status()).toBe(200);
  expect(await trackingNow()).toEqual({
    carrier: "fedex",
    carrierName: "FedEx",
    number: "7489 2211",
    url: "https://www.fedex.com/fedextrack/?trknbr=7489%202211",
  });
  // Left as it was by a call without the fields; cleared with empty ones.
  expect((await put({ status: "Delivered" })).status()).toBe(200);
  expect(await trackingNow()).toMatchObject({ number: "7489 2211" });
  expect((await put({ status: "Delivered", carrier: "", trackingNumber: "" })).status()).toBe(200);
  expect(await trackingNow()).toBeNull();
  await buyer.dispose();
  await admin.dispose();
});

test("the admin's order list exports as CSV, filtered like the table", async ({ playwright, baseURL }) => {
  const buyer = await loggedIn(playwright.request, baseURL, false);
  const order = await placeOrder(buyer, "Atomic Habits by James Clear");
  const shopper = await buyer.get("/admin/orders.csv", { maxRedirects: 0 });
  expect(shopper.status()).toBe(302);

  const admin = await loggedIn(playwright.request, baseURL, true);
  const csv = await admin.get(`/admin/orders.csv?q=${order._id}`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(csv.headers()["content-disposition"]).toMatch(/attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
  const lines = (await csv.text()).trim().split("\n");
  expect(lines[0]).toBe(
    [
      "Order,Order ID,Invoice,Date,Paid at,Buyer,Email,Items,Item names,Address,Currency,Subtotal,Discount",
      "Discount codes,Shipping,Tax,Tax included in prices,Paid,Refunded,Net,Payment,Status",
    ].join(","),
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^#${order.orderNumber},${order._id},INV-\\d{5},`));
  const email = (await (await buyer.get("/api/v1/me")).json()).user.email;
  const placed = (await (await buyer.get(`/api/v1/order/${order._id}`)).json()).order;
  const address = `"${SHIPPING_FORM.recipientName}, ${SHIPPING_FORM.address}, ${SHIPPING_FORM.city} ${SHIPPING_FORM.postalCode}, ${SHIPPING_FORM.country}"`;
  const amount = (dollars: number) => dollars.toFixed(2);
  expect(lines[1]).toContain(
    [
      `,Plain User,${email},1,1 × Atomic Habits by James Clear,${address},USD,${amount(placed.itemsPrice)},0.00,`,
      amount(placed.shippingPrice),
      amount(placed.taxPrice),
      "no",
      amount(order.totalPrice),
      "0.00",
      `${amount(order.totalPrice)},Paid,Processing`,
    ].join(","),
  );
  // A shopper whose name is a formula reaches the spreadsheet as text.
  const mallory = await playwright.request.newContext({ baseURL });
  expect(
    (
      await mallory.post("/api/v1/register", {
        data: { name: '=HYPERLINK("//evil.co","Pay")', email: uniqueEmail(), password: "password-123" },
      })
    ).status(),
  ).toBe(201);
  const evil = await placeOrder(mallory, "Atomic Habits by James Clear");
  const evilRow = (await (await admin.get(`/admin/orders.csv?q=${evil._id}`)).text()).trim().split("\n")[1];
  expect(evilRow).toContain(`,"'=HYPERLINK(""//evil.co"",""Pay"")",`);
  await mallory.dispose();
  // The order number finds the order too, with or without its "#".
  for (const q of [`#${order.orderNumber}`, String(order.orderNumber)]) {
    const byNumber = (await (await admin.get(`/admin/orders.csv?${new URLSearchParams({ q })}`)).text())
      .trim()
      .split("\n");
    expect(byNumber.slice(1).filter((line) => line.startsWith(`#${order.orderNumber},`))).toHaveLength(1);
  }
  await buyer.dispose();
  await admin.dispose();
});

test(
  "deleting a product leaves the orders that contain it intact",
  { tag: CATALOGUE_WRITE },
  async ({ playwright, baseURL }) => {
    const admin = await loggedIn(playwright.request, baseURL, true);
    const name = `Soon Gone ${Date.now()}`;
    const created = await admin.post("/api/v1/admin/product/new", {
      data: { ...validProduct, name, price: "30", stock: "3", images: [dataUrl] },
    });
    const { product } = await created.json();

    const buyer = await loggedIn(playwright.request, baseURL, false);
    const order = await placeOrder(buyer, name, 2);
    expect((await admin.delete(`/api/v1/admin/product/${product._id}`)).status()).toBe(200);

    const kept = (await (await buyer.get(`/api/v1/order/${order._id}`)).json()).order;
    expect(kept.orderItems).toEqual([
      {
        product: null,
        name,
        price: 30,
        quantity: 2,
        image: product.images[0].url,
        variant: null,
        variantTitle: null,
        sku: null,
      },
    ]);
    expect(kept.totalPrice).toBe(order.totalPrice);
    expect((await buyer.get(kept.orderItems[0].image)).status()).toBe(200);
    await buyer.dispose();
    await admin.dispose();
  },
);
