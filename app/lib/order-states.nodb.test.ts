import { describe, expect, it } from "vitest";
import {
  canChangeOrderStatus,
  canChangePayment,
  canViewOrder,
  changeOrderStatus,
  changePayment,
  fulfilmentLabel,
  fulfilmentProblem,
  isDelivered,
  isPaid,
  isPlaced,
  ORDER_STATUSES,
  orderStatusStep,
  PAYMENT_STATUSES,
  TransitionError,
  UnconfirmedStepBackError,
  type OrderStatusValue,
  type PaymentStatus,
} from "./order-states";
import { PublicError } from "./public-error";

// Literal values on purpose: they are what the database holds and what the API shows.
describe("status values", () => {
  it("are the words stored in the database, fulfilment in the admin's order", () => {
    expect([...PAYMENT_STATUSES].sort()).toEqual(["canceled", "refunded", "requires_payment", "succeeded"]);
    expect(ORDER_STATUSES).toEqual(["Processing", "Shipped", "Delivered"]);
  });
});

describe("payment transitions", () => {
  const allowed: [PaymentStatus, PaymentStatus][] = [
    ["requires_payment", "succeeded"],
    ["requires_payment", "canceled"],
    ["canceled", "succeeded"], // paid late, the stock taken again
    ["canceled", "refunded"], // paid late, the stock gone
  ];

  it("allows exactly the changes checkout makes", () => {
    for (const from of PAYMENT_STATUSES) {
      for (const to of PAYMENT_STATUSES) {
        const expected = allowed.some(([f, t]) => f === from && t === to);
        expect(canChangePayment(from, to), `${from} -> ${to}`).toBe(expected);
      }
    }
  });

  it("changePayment returns the new status or throws a TransitionError", () => {
    expect(changePayment("requires_payment", "succeeded")).toBe("succeeded");
    expect(changePayment("canceled", "refunded")).toBe("refunded");
    expect(() => changePayment("succeeded", "refunded")).toThrow(TransitionError);
    expect(() => changePayment("requires_payment", "refunded")).toThrow(/from requires_payment to refunded/);
    expect(() => changePayment("refunded", "succeeded")).toThrow(TransitionError);
    expect(() => changePayment("succeeded", "succeeded")).toThrow(TransitionError);
  });

  it("rejects a status the machine does not know (a bad row) instead of crashing", () => {
    expect(canChangePayment("paid" as PaymentStatus, "succeeded")).toBe(false);
  });
});

describe("fulfilment transitions", () => {
  it("lets the admin set any other status, backwards too (when confirmed), but not the same one", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) expect(canChangeOrderStatus(from, to), `${from} -> ${to}`).toBe(from !== to);
    }
    expect(changeOrderStatus("Delivered", "Processing", { confirmBackward: true })).toBe("Processing");
    expect(() => changeOrderStatus("Shipped", "Shipped")).toThrow(TransitionError);
    expect(() => changeOrderStatus("Shipped", "Shipped", { confirmBackward: true })).toThrow(TransitionError);
    expect(() => changeOrderStatus("Processing", "Lost" as OrderStatusValue)).toThrow(TransitionError);
  });

  it("tells a step forward (skipping one too) from a step back and from no step", () => {
    const steps = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.map((to) => `${from} -> ${to}: ${orderStatusStep(from, to)}`),
    );
    expect(steps).toEqual([
      "Processing -> Processing: none",
      "Processing -> Shipped: forward",
      "Processing -> Delivered: forward",
      "Shipped -> Processing: back",
      "Shipped -> Shipped: none",
      "Shipped -> Delivered: forward",
      "Delivered -> Processing: back",
      "Delivered -> Shipped: back",
      "Delivered -> Delivered: none",
    ]);
  });

  it("refuses a step back without confirmation, as a 409 on the status field naming both statuses", () => {
    expect(changeOrderStatus("Processing", "Delivered")).toBe("Delivered");
    expect(changeOrderStatus("Shipped", "Delivered", { confirmBackward: false })).toBe("Delivered");
    for (const [from, to] of [
      ["Shipped", "Processing"],
      ["Delivered", "Shipped"],
      ["Delivered", "Processing"],
    ] as const) {
      expect(() => changeOrderStatus(from, to)).toThrow(
        expect.objectContaining({
          constructor: UnconfirmedStepBackError,
          from,
          to,
          status: 409,
          field: "status",
          message: `This order is ${from}. Moving it back to ${to} needs a confirmation; the buyer gets no mail about it.`,
        }),
      );
      expect(new UnconfirmedStepBackError(from, to)).toBeInstanceOf(PublicError);
    }
  });
});

describe("status predicates", () => {
  it("isPlaced: paid or refunded", () => {
    expect(PAYMENT_STATUSES.filter(isPlaced).sort()).toEqual(["refunded", "succeeded"]);
    expect(isPlaced("anything")).toBe(false);
  });

  it("isPaid: succeeded only (a refunded order shows NOT PAID)", () => {
    expect(PAYMENT_STATUSES.filter(isPaid)).toEqual(["succeeded"]);
  });

  it("isDelivered: the status contains Delivered", () => {
    expect(ORDER_STATUSES.filter(isDelivered)).toEqual(["Delivered"]);
    expect(isDelivered("Delivered (late)")).toBe(true);
    expect(isDelivered("delivered")).toBe(false);
  });
});

describe("who sees an order", () => {
  const owner = { id: "u1", role: "user" };
  const stranger = { id: "u2", role: "user" };
  const admin = { id: "a1", role: "admin" };
  const order = (paymentStatus: PaymentStatus, userId: string | null = owner.id) => ({ userId, paymentStatus });

  it("its owner once placed, never before", () => {
    expect(canViewOrder(order("succeeded"), owner)).toBe(true);
    expect(canViewOrder(order("refunded"), owner)).toBe(true);
    expect(canViewOrder(order("requires_payment"), owner)).toBe(false);
    expect(canViewOrder(order("canceled"), owner)).toBe(false);
  });

  it("an admin, every order, placed or not, even one whose buyer was deleted", () => {
    for (const status of PAYMENT_STATUSES) expect(canViewOrder(order(status), admin)).toBe(true);
    expect(canViewOrder(order("canceled", null), admin)).toBe(true);
  });

  it("nobody else", () => {
    expect(canViewOrder(order("succeeded"), stranger)).toBe(false);
    expect(canViewOrder(order("succeeded", null), stranger)).toBe(false);
    expect(canViewOrder(order("succeeded"), null)).toBe(false);
    expect(canViewOrder(order("succeeded"), { id: "u1", role: "Admin" })).toBe(true); // still the owner
    expect(canViewOrder(order("canceled"), { id: "u2", role: "Admin" })).toBe(false); // roles are exact
  });
});

describe("fulfilment of a refunded or cancelled order", () => {
  const paid = { paymentStatus: "succeeded", cancelledAt: null, fullyRefunded: false };
  const refusal = (message: string) => expect.objectContaining({ status: 409, field: "status", message });

  it("lets a paid order move, and any order that is not cancelled go back to Processing", () => {
    for (const to of ORDER_STATUSES) expect(fulfilmentProblem(paid, to), to).toBeNull();
    expect(fulfilmentProblem({ ...paid, paymentStatus: "requires_payment" }, "Processing")).toBeNull();
    expect(fulfilmentProblem({ ...paid, fullyRefunded: true }, "Processing")).toBeNull();
  });

  it("never moves a cancelled order, whatever the status asked or its payment", () => {
    for (const cancelledAt of [new Date("2025-01-02T03:04:05Z"), "2025-01-02T03:04:05.000Z"])
      for (const to of ORDER_STATUSES) {
        const problem = fulfilmentProblem({ ...paid, cancelledAt }, to);
        expect(problem).toBeInstanceOf(PublicError);
        expect(problem, to).toEqual(refusal("This order was cancelled: its status cannot change."));
      }
  });

  it("does not ship or deliver an order that is not paid, or was refunded in full", () => {
    for (const paymentStatus of ["requires_payment", "canceled", "refunded"]) {
      expect(fulfilmentProblem({ ...paid, paymentStatus }, "Shipped"), paymentStatus).toEqual(
        refusal("This order is not paid: it cannot be shipped."),
      );
      expect(fulfilmentProblem({ ...paid, paymentStatus }, "Delivered"), paymentStatus).toEqual(
        refusal("This order is not paid: it cannot be delivered."),
      );
    }
    expect(fulfilmentProblem({ ...paid, fullyRefunded: true }, "Shipped")).toEqual(
      refusal("This order was refunded in full: it cannot be shipped."),
    );
    expect(fulfilmentProblem({ ...paid, fullyRefunded: true }, "Delivered")).toEqual(
      refusal("This order was refunded in full: it cannot be delivered."),
    );
  });

  it("fulfilmentLabel says Cancelled once the order is, else its status", () => {
    for (const orderStatus of ORDER_STATUSES) {
      expect(fulfilmentLabel({ orderStatus, cancelledAt: null })).toBe(orderStatus);
      expect(fulfilmentLabel({ orderStatus, cancelledAt: new Date() })).toBe("Cancelled");
      expect(fulfilmentLabel({ orderStatus, cancelledAt: "2025-01-02T03:04:05.000Z" })).toBe("Cancelled");
    }
  });
});
