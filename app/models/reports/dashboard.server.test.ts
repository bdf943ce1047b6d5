import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { nextOrderNumber } from "~/db/dialect";
import { commitTogether } from "~/db/commit.server";
import { orders } from "~/db/schema";
import { PAYMENT, type PaymentStatus } from "~/lib/order-states";
import { dailyRevenue, dashboardTotals } from "./dashboard.server";

async function paidOrder(totalCents: number, paidAt: Date | null, status: PaymentStatus = PAYMENT.succeeded) {
  await commitTogether((tx) =>
    tx.insert(orders).values({
      orderNumber: nextOrderNumber(),
      userName: "X",
      shippingAddress: "a",
      shippingCity: "b",
      shippingPhoneNo: "555 0100",
      shippingPostalCode: "12345",
      shippingCountry: "France",
      itemsPriceCents: totalCents,
      shippingPriceCents: 0,
      taxPriceCents: 0,
      totalPriceCents: totalCents,
      paymentStatus: status,
      paidAt,
    }),
  );
}

describe("dashboard figures", () => {
  it("sums paid orders only and groups revenue by UTC day over the last 30 days", async () => {
    const now = new Date("2026-03-31T12:00:00Z");
    await paidOrder(10_00, new Date("2026-03-31T01:00:00Z"));
    await paidOrder(5_50, new Date("2026-03-31T23:59:00Z"));
    await paidOrder(20_00, new Date("2026-03-02T00:00:00Z"));
    await paidOrder(99_00, new Date("2026-03-01T23:00:00Z")); // 31 days ago: outside the chart
    await paidOrder(7_00, null, PAYMENT.requiresPayment); // not paid
    await paidOrder(3_00, null, PAYMENT.refunded);

    const days = await dailyRevenue(30, now);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: "2026-03-02", cents: 20_00 });
    expect(days[29]).toEqual({ day: "2026-03-31", cents: 15_50 });
    expect(days.reduce((s, d) => s + d.cents, 0)).toBe(35_50);

    const totals = await dashboardTotals();
    expect(totals.revenue[0].cents).toBe(134_50);
    expect(totals.orders).toBe(5); // placed: succeeded and refunded
  });

  it("counts the chart's days in the shop's time zone, across a change of clocks", async () => {
    // Berlin: CEST (UTC+2) until 25 October 2026, 03:00, then CET (UTC+1): a day of 25 hours.
    const now = new Date("2026-10-31T12:00:00Z");
    await paidOrder(1_00, new Date("2026-10-01T21:59:00Z")); // 1 October, 23:59 in Berlin: before the chart
    await paidOrder(2_00, new Date("2026-10-01T22:00:00Z")); // 2 October, 00:00
    await paidOrder(3_00, new Date("2026-10-24T22:30:00Z")); // 25 October, 00:30 CEST
    await paidOrder(4_00, new Date("2026-10-25T22:59:00Z")); // 25 October, 23:59 CET
    await paidOrder(5_00, new Date("2026-10-25T23:00:00Z")); // 26 October, 00:00 CET
    await paidOrder(6_00, new Date("2026-10-30T23:30:00Z")); // 31 October, 00:30
    await paidOrder(7_00, new Date("2026-10-31T23:00:00Z")); // 1 November: after the chart

    const days = await dailyRevenue(30, now, "Europe/Berlin");
    expect(days).toHaveLength(30);
    expect(days[0]!.day).toBe("2026-10-02");
    expect(days[29]!.day).toBe("2026-10-31");
    const sold = (list: { day: string; cents: number }[]) =>
      Object.fromEntries(list.filter((d) => d.cents).map((d) => [d.day, d.cents]));
    expect(sold(days)).toEqual({ "2026-10-02": 2_00, "2026-10-25": 7_00, "2026-10-26": 5_00, "2026-10-31": 6_00 });
    // In UTC the same orders fall on other days.
    expect(sold(await dailyRevenue(30, now))).toEqual({
      "2026-10-24": 3_00,
      "2026-10-25": 9_00,
      "2026-10-30": 6_00,
      "2026-10-31": 7_00,
    });
  });

  it("keeps its per-day totals in step with every insert, payment, refund and deletion", async () => {
    const direct = async () => {
      const [row] = await db
        .select({
          paidCents: sql<number>`coalesce(sum(case when ${orders.paymentStatus} = 'succeeded' then ${orders.totalPriceCents} end), 0)`,
          placed: sql<number>`count(case when ${orders.paymentStatus} in ('succeeded', 'refunded') then 1 end)`,
        })
        .from(orders);
      return row;
    };
    const check = async () => {
      const totals = await dashboardTotals();
      const expected = await direct();
      expect(totals.revenue[0].cents).toBe(expected.paidCents);
      expect(totals.orders).toBe(expected.placed);
    };
    await paidOrder(12_00, null, PAYMENT.requiresPayment);
    await check();
    const [first] = await db.select({ id: orders.id }).from(orders).where(eq(orders.totalPriceCents, 12_00));
    await commitTogether((tx) =>
      tx.update(orders).set({ paymentStatus: PAYMENT.succeeded, paidAt: new Date() }).where(eq(orders.id, first.id)),
    );
    await check();
    await commitTogether((tx) =>
      tx.update(orders).set({ paymentStatus: PAYMENT.refunded }).where(eq(orders.id, first.id)),
    );
    await check();
    await commitTogether((tx) =>
      tx.update(orders).set({ paymentStatus: PAYMENT.succeeded }).where(eq(orders.id, first.id)),
    );
    await check();
    expect((await dailyRevenue(1)).at(-1)?.cents).toBeGreaterThanOrEqual(12_00);
    await commitTogether((tx) => tx.delete(orders).where(eq(orders.id, first.id)));
    await check();
  });
});
