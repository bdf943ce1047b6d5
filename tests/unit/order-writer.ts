// A shop writing orders, for server/backup.server.{sqlite,pg}.test.ts (order-writer-process.ts starts
// it): a child process that commits paid orders into DATABASE_URL (a SQLite file or a PostgreSQL
// database) through the shop's own connection (app/db/client.server.ts), one transaction each, and
// prints each order's id once committed, until its stdin closes.
import { closeShopDatabase } from "~/db/client.server";
import { createOrder, createProduct } from "./fixtures";

const productId = await createProduct({ stock: 1_000_000 });
let writing = true;
process.stdin.on("end", () => (writing = false));
process.stdin.resume();
while (writing) {
  const order = await createOrder({
    lines: [
      { productId, quantity: 1 },
      { productId, quantity: 2 },
    ],
  });
  process.stdout.write(`${order.id}\n`);
  // Lets stdin's end be seen.
  await new Promise((resolve) => setImmediate(resolve));
}
await closeShopDatabase();
