import { describe, expect, it } from "vitest";
import { orderStatusInput } from "./api-inputs";
import { trackingInputOf, trackingOf } from "./shipment-tracking";

describe("tracking numbers", () => {
  it("are written as carriers print them: trimmed, single spaces, capitals; letters, digits, spaces and dashes only", () => {
    const parse = (trackingNumber: unknown) =>
      orderStatusInput.safeParse({ status: "Shipped", carrier: "ups", trackingNumber });
    expect(parse("  1z999aa1   0123 ").data?.trackingNumber).toBe("1Z999AA1 0123");
    for (const bad of ["<script>", "1Z/../x", "a".repeat(41), "javascript:x", 7]) {
      expect(parse(bad).success, String(bad)).toBe(false);
    }
    expect(parse("<b>").error?.issues[0].message).toBe("A tracking number has letters, digits, spaces and dashes only");
    expect(orderStatusInput.safeParse({ status: "Shipped", carrier: "pigeon" }).error?.issues[0].message).toMatch(
      /^Please choose the carrier: ups, usps, fedex, dhl, other$/,
    );
  });

  it("link to the carrier's tracking page, encoded; another carrier has none; half a pair is no tracking", () => {
    expect(trackingOf("usps", "9400 1000")).toEqual({
      carrier: "usps",
      carrierName: "USPS",
      number: "9400 1000",
      url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000",
    });
    expect(trackingOf("other", "X1")).toMatchObject({ carrierName: "Another carrier", url: null });
    expect(trackingOf("ups", null)).toBeNull();
    expect(trackingOf(null, "X1")).toBeNull();
    expect(trackingOf("gone", "X1")).toBeNull();
  });

  it("a request that sends neither field leaves them as they are; one alone reads the other as empty", () => {
    expect(trackingInputOf({})).toBeUndefined();
    expect(trackingInputOf({ trackingNumber: "X1" })).toEqual({ carrier: "", trackingNumber: "X1" });
    expect(trackingInputOf({ carrier: "", trackingNumber: "" })).toEqual({ carrier: "", trackingNumber: "" });
  });
});
