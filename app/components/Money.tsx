import { moneyFormatter } from "~/lib/money";
import type { MoneyFormat } from "~/lib/shop-settings";
import { useMoney } from "~/lib/use-money";

/**
 * An amount of integer cents, as the shop writes money, or in `format` (an order's own currency, in a
 * list of orders); for places a hook cannot go, such as a table's cells.
 */
export function Money({ cents, format }: { cents: number; format?: MoneyFormat }) {
  const shop = useMoney();
  return <>{format ? moneyFormatter(format)(cents) : shop(cents)}</>;
}
