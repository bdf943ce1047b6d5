import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { moneyFormatOf, moneyFormatter } from "~/lib/money";
import { useMoney } from "~/lib/use-money";
import { requireAdmin } from "~/web/auth.server";
import { dailyRevenue, dashboardTotals } from "~/models/reports";
import { countReturnsWaiting } from "~/models/after-sales";
import { getShopSettings } from "~/models/settings";
import { SalesChart } from "~/components/SalesChart";
import { SetupChecklist } from "~/components/SetupChecklist";
import { setupChecklist } from "~/models/accounts";
import { isChecklistHidden } from "~/web/setup-checklist.server";

export const handle: AdminHandle = { title: "Dashboard", documentTitle: "Admin Dashboard" };
export const meta = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { timeZone, currency } = await getShopSettings();
  const [totals, sales, openReturns, setup, setupHidden] = await Promise.all([
    dashboardTotals(),
    dailyRevenue(30, new Date(), timeZone, currency),
    countReturnsWaiting(),
    setupChecklist(),
    isChecklistHidden(request),
  ]);
  return { ...totals, sales, timeZone, openReturns, setup, setupHidden };
}

export default function Dashboard() {
  const formatMoney = useMoney();
  const totals = useLoaderData<typeof loader>();
  const cards = [
    { label: "Products", value: totals.products, to: "/admin/products", color: "text-bg-success" },
    { label: "Orders", value: totals.orders, to: "/admin/orders", color: "text-bg-danger" },
    { label: "Users", value: totals.users, to: "/admin/users", color: "text-bg-info" },
    { label: "Out of Stock", value: totals.outOfStock, to: "/admin/products?stock=out", color: "text-bg-warning" },
    // Those waiting for the owner's step: requested, or received and to refund.
    { label: "Open Returns", value: totals.openReturns, to: "/admin/returns?state=waiting", color: "text-bg-light" },
  ];
  return (
    <>
      <Link to="/admin/orders" className="card text-bg-primary text-decoration-none mb-4">
        <div className="card-body text-center">
          <p className="h5 mb-1">Total Amount</p>
          <p className="display-6 mb-0" data-testid="total-amount">
            {formatMoney(totals.revenue[0].cents)}
          </p>
          {totals.revenue.length > 1 ? (
            <p className="mb-0 mt-1" data-testid="other-currencies">
              and{" "}
              {totals.revenue
                .slice(1)
                .map((r) => moneyFormatter(moneyFormatOf({ currency: r.currency, locale: totals.locale }))(r.cents))
                .join(", ")}{" "}
              from orders paid before the shop changed its currency
            </p>
          ) : null}
        </div>
      </Link>
      <div className="row g-3">
        {cards.map((card) => (
          <div className="col-sm-6 col-lg-3" key={card.label}>
            <Link to={card.to} className={`card ${card.color} text-decoration-none h-100`}>
              <div className="card-body text-center">
                <p className="h5 mb-1">{card.label}</p>
                <p className="display-6 mb-0" data-testid={`count-${card.label.toLowerCase().replace(/ /g, "-")}`}>
                  {card.value}
                </p>
              </div>
            </Link>
          </div>
        ))}
      </div>
      {/* Below the figures, which stay where the owner looks first (and where the menu opens over them). */}
      <div className="mt-4">
        <SetupChecklist steps={totals.setup} hidden={totals.setupHidden} />
      </div>
      <SalesChart days={totals.sales} timeZone={totals.timeZone} />
    </>
  );
}
