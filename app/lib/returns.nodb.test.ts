import { describe, expect, it } from "vitest";
import { dateFormatter } from "./dates";
import {
  canMoveReturn,
  returnActionsFor,
  returnDeadline,
  returnMoveProblem,
  returnWindowProblem,
  type ReturnableOrder,
} from "./returns";

const DAY = 24 * 60 * 60 * 1000;
const delivered = new Date("2026-11-01T12:00:00Z");
const order = (over: Partial<ReturnableOrder> = {}): ReturnableOrder => ({
  paymentStatus: "succeeded",
  orderStatus: "Delivered",
  cancelledAt: null,
  deliveredAt: delivered,
  totalPriceCents: 130_00,
  refundedCents: 0,
  ...over,
});

describe("the return window", () => {
  it("opens at delivery for the shop's number of days, to the millisecond", () => {
    expect(returnDeadline(order(), 14)).toEqual(new Date(delivered.getTime() + 14 * DAY));
    expect(returnWindowProblem(order(), 14, new Date(delivered.getTime() + 14 * DAY))).toBeNull();
    expect(returnWindowProblem(order(), 14, new Date(delivered.getTime() + 14 * DAY + 1))).toBe(
      "The 14-day return window of this order closed on Nov 15, 2026, 12:00 PM UTC.",
    );
    const berlin = dateFormatter({ timeZone: "Europe/Berlin", locale: "en-GB" });
    expect(returnWindowProblem(order(), 14, new Date(delivered.getTime() + 15 * DAY), berlin)).toBe(
      "The 14-day return window of this order closed on 15 Nov 2026, 13:00 CET.",
    );
  });

  it("is shut when the shop takes no returns, before delivery, and for a cancelled or refunded order", () => {
    expect(returnWindowProblem(order(), 0, delivered)).toBe("This shop does not take returns.");
    expect(returnDeadline(order(), 0)).toBeNull();
    expect(returnWindowProblem(order({ orderStatus: "Shipped", deliveredAt: null }), 14, delivered)).toBe(
      "Items can be returned once the order is delivered.",
    );
    const gone = "This order cannot be returned: it was cancelled or refunded.";
    expect(returnWindowProblem(order({ cancelledAt: delivered }), 14, delivered)).toBe(gone);
    expect(returnWindowProblem(order({ refundedCents: 130_00 }), 14, delivered)).toBe(gone);
    expect(returnWindowProblem(order({ paymentStatus: "refunded" }), 14, delivered)).toBe(gone);
    // A partial refund leaves the rest returnable.
    expect(returnWindowProblem(order({ refundedCents: 10_00 }), 14, delivered)).toBeNull();
  });
});

describe("a return's steps", () => {
  it("go requested → approved → received → refunded, rejected before it is received, never back", () => {
    expect(returnActionsFor("requested")).toEqual(["approve", "reject"]);
    expect(returnActionsFor("approved")).toEqual(["reject", "receive"]);
    expect(returnActionsFor("received")).toEqual(["refund"]);
    expect(returnActionsFor("refunded")).toEqual([]);
    expect(returnActionsFor("rejected")).toEqual([]);
    expect(canMoveReturn("received", "rejected")).toBe(false);
    expect(canMoveReturn("approved", "requested")).toBe(false);
  });

  it("say why a step is refused", () => {
    expect(returnMoveProblem("requested", "refund")).toBe("This return is requested: it cannot be refunded.");
    expect(returnMoveProblem("approved", "approve")).toBe("This return is approved: it cannot be approved.");
    expect(returnMoveProblem("refunded", "receive")).toBe("This return is refunded: it cannot be marked received.");
    expect(returnMoveProblem("requested", "approve")).toBeNull();
  });
});
