import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import { productNamed } from "../helpers";
import { DEMO_ADMIN, RESET_MAIL_SUBJECT, resetLinkIn, uniqueEmail, waitForMails } from "../support/accounts";
import { confirmAsStripeJs } from "../support/orders";
import { SHIPPING, SHIPPING_FORM } from "../support/shopping";
import { CATALOGUE_WRITE } from "../support/catalogue-write";

// The calls of the specification's own client (section 7), with the bodies it sends: its cart
// and shipping info live in the browser, its prices come from `toFixed` (strings), and its
// FormData bodies reach the API as JSON.

const jpeg = fs.readFileSync(path.resolve("public/images/default_avatar.jpg"));
const dataUrl = `data:image/jpeg;base64,${jpeg.toString("base64")}`;
// The client's shipping form: its country list names the United States so.
const SHIPPING_INFO = { ...SHIPPING, country: "United States" };

type ApiProduct = Awaited<ReturnType<typeof productNamed>>;
type CartItem = { product: string; name: string; price: number; image: string; stock: number; quantity: number };
type ApiOrder = {
  _id: string;
  user: { _id: string; name: string; email: string };
  orderItems: { image: string }[];
  totalPrice: number;
};

/** The client's addItemToCart: one line per product, from GET /product/:id. */
const cartItem = (product: ApiProduct, quantity: number): CartItem => ({
  product: product._id,
  name: product.name,
  price: product.price,
  image: product.images[0].url,
  stock: product.stock,
  quantity,
});

/** The client's ConfirmOrder arithmetic, which it keeps in session storage as orderInfo. */
function orderInfo(cartItems: CartItem[]) {
  const itemsPrice = cartItems.reduce((acc, item) => acc + item.price * item.quantity, 0);
  const shippingPrice = itemsPrice > 200 ? 0 : 25;
  const taxPrice = Number((0.05 * itemsPrice).toFixed(2));
  const totalPrice = (itemsPrice + shippingPrice + taxPrice).toFixed(2);
  return { itemsPrice: itemsPrice.toFixed(2), shippingPrice, taxPrice, totalPrice };
}

const amountOf = (info: ReturnType<typeof orderInfo>) => Math.round(Number(info.totalPrice) * 100);

async function signedUp(requests: APIRequest, baseURL: string | undefined, name = "Original Client") {
  const context = await requests.newContext({ baseURL });
  const account = { name, email: uniqueEmail("original"), password: "password-123", avatar: dataUrl };
  const registered = await context.post("/api/v1/register", { data: account });
  expect(registered.status()).toBe(201);
  const { user } = await registered.json();
  return { context, account, user: user as { _id: string; avatar: { url: string } } };
}

async function asAdmin(requests: APIRequest, baseURL: string | undefined) {
  const context = await requests.newContext({ baseURL });
  expect(
    (
      await context.post("/api/v1/login", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } })
    ).status(),
  ).toBe(200);
  return context;
}

/** Stripe.js's confirmCardPayment, against the payment sandbox, with the client secret. */
async function confirmAtProvider(request: APIRequestContext, clientSecret: string) {
  const { intentId, response } = await confirmAsStripeJs(request, clientSecret);
  expect((await response.json()).status).toBe("succeeded");
  return intentId;
}

/** The client's Payment page: payment/process, confirm, then order/new with its whole order. */
async function payAndOrder(request: APIRequestContext, cartItems: CartItem[], { amount }: { amount?: number } = {}) {
  const info = orderInfo(cartItems);
  const processed = await request.post("/api/v1/payment/process", { data: { amount: amount ?? amountOf(info) } });
  expect(processed.status()).toBe(200);
  const intentId = await confirmAtProvider(request, (await processed.json()).client_secret);
  const order = {
    orderItems: cartItems,
    shippingInfo: SHIPPING_INFO,
    ...info,
    paymentInfo: { id: intentId, status: "succeeded" },
  };
  return { intentId, order, response: await request.post("/api/v1/order/new", { data: order }) };
}

async function expectError(response: APIResponse, status: number, message: string | RegExp) {
  expect(response.status()).toBe(status);
  const body = await response.json();
  expect(body.success).toBe(false);
  expect(body.message).toMatch(message);
}

test("stateless checkout: the client's cart, prices as strings, an intent for its amount; the order is priced on the server", async ({
  playwright,
  baseURL,
}) => {
  const { context, account, user } = await signedUp(playwright.request, baseURL);
  expect((await (await context.get("/api/v1/stripeapi")).json()).stripeApiKey).toBe("pk_test_sandbox");
  const kindle = await productNamed(context, "Kindle Paperwhite 16 GB");
  const echo = await productNamed(context, "Amazon Echo Dot 5th Gen");
  const cartItems = [cartItem(kindle, 1), cartItem(echo, 2)];
  expect(typeof orderInfo(cartItems).totalPrice).toBe("string");

  const { intentId, order, response } = await payAndOrder(context, cartItems);
  expect(response.status()).toBe(201);
  const body = await response.json();
  const itemsCents = Math.round(kindle.price * 100) + 2 * Math.round(echo.price * 100);
  expect(body).toMatchObject({
    success: true,
    order: {
      user: { _id: user._id, name: account.name, email: account.email },
      paymentInfo: { id: intentId, status: "succeeded" },
      itemsPrice: itemsCents / 100,
      totalPrice: Number(order.totalPrice),
      shippingInfo: { ...SHIPPING, country: "United States of America" },
      orderStatus: "Processing",
    },
  });
  const placed: ApiOrder = body.order;
  expect(placed.orderItems.map((item) => item.image)).toEqual(
    expect.arrayContaining([kindle.images[0].url, echo.images[0].url]),
  );
  expect(placed.orderItems[0].image).toMatch(new RegExp(`^${baseURL}/`));

  // Sent again (a retry), the same order; the stock went once.
  const again = await context.post("/api/v1/order/new", { data: order });
  expect(again.status()).toBe(201);
  expect((await again.json()).order._id).toBe(placed._id);
  expect((await productNamed(context, echo.name)).stock).toBe(echo.stock - 2);

  const mine = await (await context.get("/api/v1/orders/me")).json();
  expect(mine.orders.map((o: ApiOrder) => o._id)).toEqual([placed._id]);
  expect(mine.orders[0].user).toEqual({ _id: user._id, name: account.name, email: account.email });
  const one = await (await context.get(`/api/v1/order/${placed._id}`)).json();
  expect(one.order.user).toEqual({ _id: user._id, name: account.name, email: account.email });
});

test("stateless checkout: a lower amount paid is refused and refunded, and the intent cannot be used again", async ({
  playwright,
  baseURL,
}) => {
  const { context } = await signedUp(playwright.request, baseURL);
  const cartItems = [cartItem(await productNamed(context, "Kindle Paperwhite 16 GB"), 1)];
  const { order, response } = await payAndOrder(context, cartItems, { amount: 1_00 });
  await expectError(
    response,
    400,
    /^The amount paid \(\$1\.00\) is not the order's total of \$\d+\.\d\d\. Your payment of \$1\.00 was refunded\.$/,
  );
  await expectError(await context.post("/api/v1/order/new", { data: order }), 409, "This payment was refunded");
  expect((await (await context.get("/api/v1/orders/me")).json()).orders).toEqual([]);
});

test("stateless checkout: another user's intent makes no order", async ({ playwright, baseURL }) => {
  const owner = await signedUp(playwright.request, baseURL, "Intent Owner");
  const intruder = await signedUp(playwright.request, baseURL, "Intent Intruder");
  const cartItems = [cartItem(await productNamed(owner.context, "Kindle Paperwhite 16 GB"), 1)];
  const processed = await owner.context.post("/api/v1/payment/process", {
    data: { amount: amountOf(orderInfo(cartItems)) },
  });
  const intentId = await confirmAtProvider(owner.context, (await processed.json()).client_secret);
  const order = {
    orderItems: cartItems,
    shippingInfo: SHIPPING_INFO,
    ...orderInfo(cartItems),
    paymentInfo: { id: intentId, status: "succeeded" },
  };
  await expectError(
    await intruder.context.post("/api/v1/order/new", { data: order }),
    403,
    "This payment was made by another account.",
  );
  expect((await (await intruder.context.get("/api/v1/orders/me")).json()).orders).toEqual([]);
  // The owner's payment is untouched: its order is still made.
  expect((await owner.context.post("/api/v1/order/new", { data: order })).status()).toBe(201);
});

test(
  "stateless checkout: sold out between payment and order, the payment is refunded and the answer is 409",
  { tag: CATALOGUE_WRITE },
  async ({ playwright, baseURL }) => {
    const admin = await asAdmin(playwright.request, baseURL);
    const product = {
      name: `Replay Last One ${Date.now()}`,
      price: "30.00",
      description: "One left",
      category: "Electronics",
      seller: "Replay",
      stock: "1",
      images: [dataUrl],
    };
    const created = await admin.post("/api/v1/admin/product/new", { data: product });
    expect(created.status()).toBe(201);
    const { product: lastOne } = await created.json();
    const { context } = await signedUp(playwright.request, baseURL);
    const cartItems = [cartItem(lastOne, 1)];
    const info = orderInfo(cartItems);
    const processed = await context.post("/api/v1/payment/process", { data: { amount: amountOf(info) } });
    const intentId = await confirmAtProvider(context, (await processed.json()).client_secret);

    expect(
      (
        await admin.put(`/api/v1/admin/product/${lastOne._id}`, { data: { ...product, stock: "0", images: undefined } })
      ).status(),
    ).toBe(200);
    const order = {
      orderItems: cartItems,
      shippingInfo: SHIPPING_INFO,
      ...info,
      paymentInfo: { id: intentId, status: "succeeded" },
    };
    await expectError(
      await context.post("/api/v1/order/new", { data: order }),
      409,
      `${product.name} is out of stock. Your payment of $56.50 was refunded.`,
    );
    expect((await (await context.get("/api/v1/orders/me")).json()).orders).toEqual([]);
    expect((await admin.delete(`/api/v1/admin/product/${lastOne._id}`)).status()).toBe(200);
  },
);

test("server-cart checkout with the client's own order body: the reserved order is confirmed", async ({
  playwright,
  baseURL,
}) => {
  const { context } = await signedUp(playwright.request, baseURL);
  const kindle = await productNamed(context, "Kindle Paperwhite 16 GB");
  // The shop's pages keep this cart on the server.
  await context.post(`/product/${kindle._id}`, { form: { intent: "add-to-cart", quantity: "1" }, maxRedirects: 0 });
  await context.post("/shipping", { form: SHIPPING_FORM, maxRedirects: 0 });
  const { intentId, response } = await payAndOrder(context, [cartItem(kindle, 1)]);
  expect(response.status()).toBe(201);
  const { order } = await response.json();
  expect(order).toMatchObject({
    paymentInfo: { id: intentId, status: "succeeded" },
    totalPrice: 182.49,
    shippingInfo: { country: "France" },
  });
  const cart = await context.get("/cart");
  expect(await cart.text()).toContain("Your Cart is Empty");
});

test("accounts: register, login, me, forgot (both paths), reset, update (both paths), me/update, logout", async ({
  playwright,
  baseURL,
}) => {
  const { context, account, user } = await signedUp(playwright.request, baseURL);
  expect(user.avatar.url).toMatch(new RegExp(`^${baseURL}/uploads/`));
  const login = await context.post("/api/v1/login", { data: { email: account.email, password: account.password } });
  expect(login.status()).toBe(200);
  expect((await (await context.get("/api/v1/me")).json()).user).toMatchObject({ _id: user._id, email: account.email });

  for (const path of ["/api/v1/password/forgot", "/api/v1/password/reset"]) {
    const forgot = await context.post(path, { data: { email: account.email } });
    expect(forgot.status()).toBe(200);
    expect((await forgot.json()).success).toBe(true);
  }
  const links = (await waitForMails(account.email, RESET_MAIL_SUBJECT, 2)).map(resetLinkIn);
  const reset = await context.put(`/api/v1${links[1]}`, {
    data: { password: "reset-pass-123", confirmPassword: "reset-pass-123" },
  });
  expect(reset.status()).toBe(200);
  expect(
    (await context.post("/api/v1/login", { data: { email: account.email, password: "reset-pass-123" } })).status(),
  ).toBe(200);

  await expectError(
    await context.put("/api/v1/password/update", { data: { oldPassword: "wrong-pass-1", password: "updated-pass-1" } }),
    400,
    /.+/,
  );
  const updated = await context.put("/api/v1/password/update", {
    data: { oldPassword: "reset-pass-123", password: "updated-pass-1" },
  });
  expect(updated.status()).toBe(200);
  expect(await updated.json()).toMatchObject({ success: true, token: expect.any(String) });
  const changed = await context.put("/api/v1/password/change", {
    data: {
      currentPassword: "updated-pass-1",
      newPassword: "changed-pass-1",
      confirmNewPassword: "changed-pass-1",
      logoutOtherDevices: false,
    },
  });
  expect(changed.status()).toBe(200);

  const profile = await context.put("/api/v1/me/update", {
    multipart: { name: "Renamed Client", email: account.email, avatar: dataUrl },
  });
  expect(profile.status()).toBe(200);
  expect((await profile.json()).user).toMatchObject({
    name: "Renamed Client",
    avatar: { url: expect.stringMatching(new RegExp(`^${baseURL}/uploads/`)) },
  });
  expect((await context.get("/api/v1/logout")).status()).toBe(200);
  expect((await context.get("/api/v1/me")).status()).toBe(401);
});

test(
  "admin: users, products, reviews and orders through the client's paths",
  { tag: CATALOGUE_WRITE },
  async ({ playwright, baseURL }) => {
    const admin = await asAdmin(playwright.request, baseURL);
    const shopper = await signedUp(playwright.request, baseURL, "Reviewing Client");

    const users = await (await admin.get("/api/v1/admin/users")).json();
    expect(users.users.some((u: { _id: string }) => u._id === shopper.user._id)).toBe(true);
    expect((await (await admin.get(`/api/v1/admin/user/${shopper.user._id}`)).json()).user.email).toBe(
      shopper.account.email,
    );
    const renamed = await admin.put(`/api/v1/admin/user/${shopper.user._id}`, {
      data: { name: "Renamed By Admin", email: shopper.account.email, role: "user" },
    });
    expect((await renamed.json()).success).toBe(true);

    const listing = await (await admin.get("/api/v1/products?keyword=&page=1")).json();
    expect(listing).toMatchObject({
      success: true,
      productsCount: expect.any(Number),
      resPerPage: expect.any(Number),
      filteredProductsCount: expect.any(Number),
    });
    expect(listing.products[0].images[0].url).toMatch(new RegExp(`^${baseURL}/uploads/`));
    const fields = {
      name: `Replay Gadget ${Date.now()}`,
      price: "12.34",
      description: "From the client",
      category: "Electronics",
      seller: "Replay",
      stock: "5",
    };
    const created = await admin.post("/api/v1/admin/product/new", { data: { ...fields, images: [dataUrl, dataUrl] } });
    expect(created.status()).toBe(201);
    const { product } = await created.json();
    expect(product.images).toHaveLength(2);
    expect((await (await admin.get(`/api/v1/product/${product._id}`)).json()).product.images[1].url).toMatch(
      new RegExp(`^${baseURL}/uploads/`),
    );
    expect(
      (await (await admin.get("/api/v1/admin/products")).json()).products.some(
        (p: { _id: string }) => p._id === product._id,
      ),
    ).toBe(true);
    expect(
      (await (await admin.put(`/api/v1/admin/product/${product._id}`, { data: { ...fields, price: "10.00" } })).json())
        .success,
    ).toBe(true);

    // The client's review form: the rating comes as a string.
    const reviewed = await shopper.context.put("/api/v1/review", {
      data: { rating: "4", comment: "Works as the client said", productId: product._id },
    });
    expect((await reviewed.json()).success).toBe(true);
    const reviews = (await (await admin.get(`/api/v1/reviews?id=${product._id}`)).json()).reviews;
    expect(reviews).toMatchObject([{ rating: 4, comment: "Works as the client said" }]);
    expect(
      (await (await admin.delete(`/api/v1/reviews?id=${reviews[0]._id}&productId=${product._id}`)).json()).success,
    ).toBe(true);

    const { response } = await payAndOrder(shopper.context, [
      cartItem((await (await admin.get(`/api/v1/product/${product._id}`)).json()).product, 1),
    ]);
    expect(response.status()).toBe(201);
    const { order } = await response.json();
    const all = await (await admin.get("/api/v1/admin/orders")).json();
    expect(all.totalAmount).toEqual(expect.any(Number));
    expect(all.orders.find((o: ApiOrder) => o._id === order._id).user).toEqual({
      _id: shopper.user._id,
      name: "Renamed By Admin",
      email: shopper.account.email,
    });
    expect(await (await admin.put(`/api/v1/admin/order/${order._id}`, { data: { status: "Shipped" } })).json()).toEqual(
      { success: true, message: "Order updated successfully" },
    );
    expect(
      (await admin.put(`/api/v1/admin/update/order/${order._id}`, { data: { status: "Delivered" } })).status(),
    ).toBe(200);
    expect((await (await shopper.context.get(`/api/v1/order/${order._id}`)).json()).order.orderStatus).toBe(
      "Delivered",
    );
    await expectError(
      await admin.put(`/api/v1/admin/order/${order._id}`, { data: { status: "Lost" } }),
      400,
      "Please choose Processing, Shipped or Delivered",
    );
    // A paid order is deleted once refunded (409 before: the shop keeps the record of money it holds).
    expect((await admin.delete(`/api/v1/admin/order/${order._id}`)).status()).toBe(409);
    const refund = { amount: order.totalPrice, reason: "Client test" };
    expect((await admin.post(`/api/v1/admin/order/${order._id}/refund`, { data: refund })).status()).toBe(201);
    expect((await (await admin.delete(`/api/v1/admin/order/${order._id}`)).json()).success).toBe(true);

    expect((await (await admin.delete(`/api/v1/admin/product/${product._id}`)).json()).success).toBe(true);
    expect((await (await admin.delete(`/api/v1/admin/user/${shopper.user._id}`)).json()).success).toBe(true);
  },
);
