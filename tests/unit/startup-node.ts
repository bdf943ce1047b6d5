// A node starting, for server/startup.pg.test.ts: a child process that runs the shop's start-up
// (migrations, demo seed, admin account) on DATABASE_URL, then closes its connections.
import { closeShopDatabase } from "~/db/client.server";
import { prepareShop } from "../../server/startup.server";

await prepareShop();
await closeShopDatabase();
process.exit(0);
