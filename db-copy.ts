// `npm run db:copy -- <from> <to>`: moves a shop's SQLite database (<from>: its file, or a file: URL)
// into an empty PostgreSQL database (<to>: postgres://…), in one transaction, then checks every
// table's row count and the orders' money. Stop the shop first, so that nothing written after the
// copy is left behind. README.md's PostgreSQL section.
import { copyShopDatabase, CopyRefused, describeCopy, reasonOf } from "./app/db/copy.server";

const [from, to, ...extra] = process.argv.slice(2);
if (!from || !to || extra.length > 0) {
  console.error("Usage: npm run db:copy -- <shop.db or file:URL> <postgres://user:password@host:port/database>");
  process.exit(1);
}
try {
  const report = await copyShopDatabase({ from, to, log: (line) => console.log(line) });
  console.log(describeCopy(report));
  process.exit(report.ok ? 0 : 1);
} catch (error) {
  console.error(`db:copy: ${error instanceof CopyRefused ? error.message : reasonOf(error)}`);
  process.exit(1);
}
