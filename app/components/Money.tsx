import { useMoney } from "~/lib/use-money";

/** An amount of integer cents, as the shop writes money (for places a hook cannot go, such as a table's cells). */
export function Money({ cents }: { cents: number }) {
  return <>{useMoney()(cents)}</>;
}
