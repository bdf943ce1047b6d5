import { describe, expect, it } from "vitest";
import { PAYMENT_STATES } from "./api-payloads";
import { DEFAULT_MONEY_FORMAT, moneyFormatter } from "./money";
import { PAYMENT, PAYMENT_STATUSES, type PaymentStatus } from "./order-states";
import { NOTHING_TO_REFUND } from "./refund-schema";
import {
  linesRefundCents,
  orderNet,
  paidForShippingCents,
  paymentStateLabel,
  refundableCents,
  refundAmountProblem,
  refundState,
  REFUND_SOURCES,
  REFUND_STATUSES,
} from "./refunds";

const order = (paymentStatus: PaymentStatus, refundedCents = 0, totalPriceCents = 100_00) => ({
  paymentStatus,
  totalPriceCents,
  refundedCents,
});
const money = moneyFormatter(DEFAULT_MONEY_FORMAT);

// Literal values on purpose: they are what the database holds and what the API shows.
describe("refund values", () => {
  it("are the words stored in the database", () => {
    expect(REFUND_STATUSES).toEqual(["pending", "succeeded", "failed"]);
    expect(REFUND_SOURCES).toEqual(["shop", "provider"]);
  });
});

describe("refundState", () => {
  it("none for an order not paid, or paid and nothing given back", () => {
    expect(refundState(order(PAYMENT.succeeded))).toBe("none");
    expect(refundState(order(PAYMENT.requiresPayment))).toBe("none");
    expect(refundState(order(PAYMENT.canceled))).toBe("none");
    // What went back of an order that is not paid does not count (a bad row).
    expect(refundState(order(PAYMENT.canceled, 50_00))).toBe("none");
    expect(refundState(order(PAYMENT.succeeded, -1))).toBe("none");
  });

  it("partial below the total, full at it (or above), full for a payment refunded at checkout", () => {
    expect(refundState(order(PAYMENT.succeeded, 1))).toBe("partial");
    expect(refundState(order(PAYMENT.succeeded, 99_99))).toBe("partial");
    expect(refundState(order(PAYMENT.succeeded, 100_00))).toBe("full");
    expect(refundState(order(PAYMENT.succeeded, 100_01))).toBe("full");
    expect(refundState(order(PAYMENT.refunded))).toBe("full");
  });
});

describe("paymentStateLabel", () => {
  it("says Not paid, Paid, Partially refunded or Refunded", () => {
    expect(paymentStateLabel(order(PAYMENT.requiresPayment))).toBe("Not paid");
    expect(paymentStateLabel(order(PAYMENT.canceled))).toBe("Not paid");
    expect(paymentStateLabel(order(PAYMENT.succeeded))).toBe("Paid");
    expect(paymentStateLabel(order(PAYMENT.succeeded, 25_00))).toBe("Partially refunded");
    expect(paymentStateLabel(order(PAYMENT.succeeded, 100_00))).toBe("Refunded");
    expect(paymentStateLabel(order(PAYMENT.refunded))).toBe("Refunded");
  });

  it("says only what the API documents (the Order's paymentState)", () => {
    const labels = new Set(
      PAYMENT_STATUSES.flatMap((status) =>
        [0, 1, 100_00].map((refunded) => paymentStateLabel(order(status, refunded))),
      ),
    );
    expect([...labels].sort()).toEqual([...PAYMENT_STATES].sort());
  });
});

describe("refundableCents", () => {
  it("is what was paid less what went back and what is being refunded", () => {
    expect(refundableCents(order(PAYMENT.succeeded))).toBe(100_00);
    expect(refundableCents(order(PAYMENT.succeeded, 30_00))).toBe(70_00);
    expect(refundableCents(order(PAYMENT.succeeded, 30_00), 20_00)).toBe(50_00);
    expect(refundableCents(order(PAYMENT.succeeded, 100_00))).toBe(0);
  });

  it("is never below 0, and 0 for an order that is not paid", () => {
    expect(refundableCents(order(PAYMENT.succeeded, 90_00), 20_00)).toBe(0);
    for (const status of [PAYMENT.requiresPayment, PAYMENT.canceled, PAYMENT.refunded])
      expect(refundableCents(order(status))).toBe(0);
  });
});

describe("linesRefundCents", () => {
  // $100 of items, $10 off, 5% tax on the $90 ($4.50) and $25 shipping: $119.50 paid, $94.50 for the items.
  const priced = { itemsPriceCents: 100_00, shippingPriceCents: 25_00, totalPriceCents: 119_50 };

  it("gives the items' share of what was paid for the items: discount and tax in, shipping out", () => {
    expect(linesRefundCents(priced, [{ priceCents: 30_00, quantity: 1 }])).toBe(28_35);
    expect(linesRefundCents(priced, [{ priceCents: 10_00, quantity: 3 }])).toBe(28_35);
    // Every item: all that was paid but the shipping.
    expect(
      linesRefundCents(priced, [
        { priceCents: 30_00, quantity: 2 },
        { priceCents: 40_00, quantity: 1 },
      ]),
    ).toBe(94_50);
  });

  it("is the price itself when nothing was taken off or added (tax included in the prices)", () => {
    const vat = { itemsPriceCents: 100_00, shippingPriceCents: 25_00, totalPriceCents: 125_00 };
    expect(linesRefundCents(vat, [{ priceCents: 33_33, quantity: 1 }])).toBe(33_33);
    const freeShipping = { itemsPriceCents: 50_00, shippingPriceCents: 0, totalPriceCents: 50_00 };
    expect(linesRefundCents(freeShipping, [{ priceCents: 25_00, quantity: 2 }])).toBe(50_00);
  });

  it("rounds to the nearest cent", () => {
    // 33.33 × 94.50 / 100 = 31.496850 → 31.50; 0.01 × 0.945 → 0.01; 33.34 × 0.945 = 31.5063 → 31.51.
    expect(linesRefundCents(priced, [{ priceCents: 33_33, quantity: 1 }])).toBe(31_50);
    expect(linesRefundCents(priced, [{ priceCents: 1, quantity: 1 }])).toBe(1);
    expect(linesRefundCents(priced, [{ priceCents: 33_34, quantity: 1 }])).toBe(31_51);
    // 1/3 of $10 paid for $3 of items: 333.33… → 333.
    expect(
      linesRefundCents({ itemsPriceCents: 3_00, shippingPriceCents: 0, totalPriceCents: 10_00 }, [
        { priceCents: 1_00, quantity: 1 },
      ]),
    ).toBe(3_33);
  });

  it("is 0 for no items, none of them, or an order without items' price", () => {
    expect(linesRefundCents(priced, [])).toBe(0);
    expect(linesRefundCents(priced, [{ priceCents: 30_00, quantity: 0 }])).toBe(0);
    expect(
      linesRefundCents({ itemsPriceCents: 0, shippingPriceCents: 5_00, totalPriceCents: 5_00 }, [
        { priceCents: 1_00, quantity: 1 },
      ]),
    ).toBe(0);
  });
});

describe("refundAmountProblem", () => {
  it("is null for an amount up to what is left", () => {
    expect(refundAmountProblem(order(PAYMENT.succeeded), 1, 0, money)).toBeNull();
    expect(refundAmountProblem(order(PAYMENT.succeeded), 100_00, 0, money)).toBeNull();
    expect(refundAmountProblem(order(PAYMENT.succeeded, 40_00), 40_00, 20_00, money)).toBeNull();
  });

  it("says why not, in the order it checks", () => {
    for (const status of [PAYMENT.requiresPayment, PAYMENT.canceled, PAYMENT.refunded])
      expect(refundAmountProblem(order(status), 1_00, 0, money)).toBe("Only a paid order can be refunded.");
    expect(refundAmountProblem(order(PAYMENT.succeeded, 100_00), 1_00, 0, money)).toBe(
      "This order has been refunded in full already.",
    );
    // What is being refunded counts as gone.
    expect(refundAmountProblem(order(PAYMENT.succeeded, 60_00), 1_00, 40_00, money)).toBe(
      "This order has been refunded in full already.",
    );
    expect(refundAmountProblem(order(PAYMENT.succeeded), 0, 0, money)).toBe(NOTHING_TO_REFUND);
    expect(refundAmountProblem(order(PAYMENT.succeeded), -1, 0, money)).toBe(NOTHING_TO_REFUND);
    expect(refundAmountProblem(order(PAYMENT.succeeded, 87_66), 12_35, 0, money)).toBe(
      "You can refund at most $12.34 of this order.",
    );
    expect(refundAmountProblem(order(PAYMENT.succeeded, 50_00, 1_500_00), 1_450_01, 0, money)).toBe(
      "You can refund at most $1,450.00 of this order.",
    );
  });

  it("words the amount in the shop's money", () => {
    const euros = moneyFormatter({ currency: "EUR", locale: "de-DE" });
    expect(refundAmountProblem(order(PAYMENT.succeeded, 0, 12_34), 20_00, 0, euros)).toMatch(
      /^You can refund at most 12,34\s€ of this order\.$/,
    );
  });
});

describe("an order's books", () => {
  it("count its net as the dashboard does: paid less refunded, nothing once refunded in full", () => {
    expect(orderNet(order(PAYMENT.succeeded))).toEqual({ paidCents: 100_00, refundedCents: 0, netCents: 100_00 });
    expect(orderNet(order(PAYMENT.succeeded, 25_00))).toEqual({
      paidCents: 100_00,
      refundedCents: 25_00,
      netCents: 75_00,
    });
    expect(orderNet(order(PAYMENT.refunded, 0))).toEqual({ paidCents: 100_00, refundedCents: 100_00, netCents: 0 });
  });

  it("give back items with their tax but not shipping's, when the tax was charged on shipping too", () => {
    // $100 of items, $25 shipping, 5% on both: $131.25 paid, of which $26.25 for shipping.
    const taxed = {
      totalPriceCents: 131_25,
      shippingPriceCents: 25_00,
      itemsPriceCents: 100_00,
      taxRateBp: 500,
      taxIncluded: false,
      taxOnShipping: true,
    };
    expect(paidForShippingCents(taxed)).toBe(26_25);
    expect(linesRefundCents(taxed, [{ priceCents: 100_00, quantity: 1 }])).toBe(105_00);
    expect(linesRefundCents(taxed, [{ priceCents: 50_00, quantity: 1 }])).toBe(52_50);
    // VAT included in the prices: shipping's share is its price.
    expect(paidForShippingCents({ ...taxed, totalPriceCents: 125_00, taxIncluded: true })).toBe(25_00);
    // Without tax on shipping, as before.
    expect(
      linesRefundCents({ ...taxed, totalPriceCents: 130_00, taxOnShipping: false }, [
        { priceCents: 100_00, quantity: 1 },
      ]),
    ).toBe(105_00);
  });
});
