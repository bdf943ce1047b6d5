import { expect, type APIRequestContext } from "@playwright/test";
import { productNamed } from "../helpers";
import { SHIPPING_FORM } from "./shopping";

/**
 * Places a paid order for the signed-in user of `request` through the same calls a client makes:
 * cart form, shipping form, /api/v1/payment/process, the provider's confirm (as Stripe.js would),
 * /api/v1/order/new. Much faster than the pages when a test needs many orders.
 */
export async function placeOrder(request: APIRequestContext, productName: string, quantity = 1) {
  const clientSecret = await paymentForCart(request, productName, quantity);
  const { intentId } = await confirmAsStripeJs(request, clientSecret);
  return orderFor(request, intentId);
}

/** The cart and shipping forms, then /api/v1/payment/process for the cart's total: the intent's client secret. */
export async function paymentForCart(request: APIRequestContext, productName: string, quantity = 1): Promise<string> {
  const product = await productNamed(request, productName);
  await request.post(`/product/${product._id}`, {
    form: { intent: "add-to-cart", quantity: String(quantity) },
    maxRedirects: 0,
  });
  await request.post("/shipping", { form: SHIPPING_FORM, maxRedirects: 0 });
  const itemsCents = Math.round(product.price * 100) * quantity;
  const totalCents = itemsCents + (itemsCents > 20000 ? 0 : 2500) + Math.floor((itemsCents * 5 + 50) / 100);
  const processed = await request.post("/api/v1/payment/process", { data: { amount: totalCents } });
  expect(processed.status()).toBe(200);
  return (await processed.json()).client_secret;
}

/** /api/v1/order/new for a paid intent. */
export async function orderFor(request: APIRequestContext, intentId: string) {
  const created = await request.post("/api/v1/order/new", { data: { paymentInfo: { id: intentId } } });
  expect(created.status()).toBe(201);
  return (await created.json()).order as {
    _id: string;
    orderNumber: number;
    totalPrice: number;
    paymentInfo: { status: string };
  };
}

/**
 * Confirms a PaymentIntent as Stripe.js does in a browser: with the publishable key and the client
 * secret, at the built-in payment sandbox under the shop's own origin.
 */
export async function confirmAsStripeJs(
  request: APIRequestContext,
  clientSecret: string,
  paymentMethod = "pm_card_visa",
) {
  const intentId = clientSecret.split("_secret_")[0];
  const response = await request.post(`/_sandbox/v1/payment_intents/${intentId}/confirm`, {
    form: { key: "pk_test_sandbox", client_secret: clientSecret, payment_method: paymentMethod },
  });
  return { intentId, response };
}

/**
 * A guest's paid order of one `productName`, bought with `email` through the API without
 * credentials (quote, payment/process, the provider's confirm, order/new): its id and number.
 */
export async function placeGuestOrder(request: APIRequestContext, email: string, productName: string) {
  const product = await productNamed(request, productName);
  const quoted = await request.post("/api/v1/order/quote", {
    data: { orderItems: [{ product: product._id, quantity: 1 }], shippingInfo: { country: SHIPPING_FORM.country } },
  });
  expect(quoted.status()).toBe(200);
  const amount = Math.round((await quoted.json()).quote.totalPrice * 100);
  const processed = await request.post("/api/v1/payment/process", { data: { amount, email } });
  expect(processed.status()).toBe(200);
  const { intentId } = await confirmAsStripeJs(request, (await processed.json()).client_secret);
  const created = await request.post("/api/v1/order/new", {
    data: {
      paymentInfo: { id: intentId, status: "succeeded" },
      orderItems: [{ product: product._id, name: product.name, price: product.price, quantity: 1 }],
      shippingInfo: SHIPPING_FORM,
      email,
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).order as { _id: string; orderNumber: number };
}
