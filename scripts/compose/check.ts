import { Shopper } from "../../tools/load/client";
import { buyOnce, saveShipping, type Tally } from "../../tools/load/checkout";
import { createProductWithPicture } from "../scale/uploads";

// scripts/compose/test.sh's checks through the load balancer of the running compose.yaml, at the URL
// given: a shopper registers, buys with a test card through the shared sandbox's pages under the
// shop's address and gets a paid order; a picture the admin uploads is served by every node (round
// robin: consecutive requests go to each node in turn). Prints what it saw; exits 1 on a failure.

const base = process.argv[2];
if (!base) throw new Error("usage: check.ts <load balancer URL>");
const failures: string[] = [];
const log = (line: string) => console.log(`ok: ${line}`);

const buyer = new Shopper(base);
const email = `compose-proof-${Date.now()}@example.com`;
const registered = await buyer.request("/api/v1/register", {
  json: { name: "Compose Proof", email, password: "compose-proof-1" },
});
if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
const listed = (await (await fetch(`${base}/api/v1/products`)).json()) as {
  products: { _id: string; price: number; stock: number }[];
};
const product = listed.products.find((p) => p.stock > 5);
if (!product) throw new Error("no product with stock to buy");
const item = { id: product._id, priceCents: Math.round(product.price * 100) };
await saveShipping(buyer, item.id);
const tally: Tally = { paid: 0, soldOut: 0, failures: [], latencies: [] };
const orderId = await buyOnce(`${base}/_sandbox`, buyer, item, 1, tally);
if (!orderId) failures.push(`the purchase failed: ${tally.failures.join("; ") || "sold out"}`);
else {
  const order = await buyer.request(`/api/v1/order/${orderId}`);
  const { order: placed } = (await order.json()) as { order: { paymentInfo: { status: string } } };
  if (placed.paymentInfo.status !== "succeeded") failures.push(`order ${orderId} is ${placed.paymentInfo.status}`);
  else log(`${email} bought through the load balancer and the shared sandbox: order ${orderId}, paid`);
}

const created = await createProductWithPicture(base, "Compose Proof");
if (created.status !== 201) failures.push(`uploading a picture answered ${created.status}`);
else {
  const { product: made } = (await created.json()) as { product: { images: { url: string }[] } };
  const { pathname } = new URL(made.images[0].url, base);
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push((await fetch(`${base}${pathname}`)).status);
  if (answers.some((status) => status !== 200)) failures.push(`${pathname} answered ${answers.join(", ")}`);
  else log(`a picture uploaded through one node is served on 4 requests in a row (each node in turn): ${pathname}`);
}

for (const failure of failures) console.error(`FAIL: ${failure}`);
process.exit(failures.length ? 1 : 0);
