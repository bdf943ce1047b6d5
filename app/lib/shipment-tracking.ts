import { z } from "zod";
import { FULFILMENT, type OrderStatusValue } from "./order-states";
import { PublicError } from "./public-error";

// A shipped order's carrier and tracking number: which carriers the shop knows (and where their
// parcels are tracked), what a tracking number may hold, and when an order may carry one.

type Carrier = { name: string; trackingUrl: ((number: string) => string) | null };

export const CARRIERS = {
  ups: { name: "UPS", trackingUrl: (n) => `https://www.ups.com/track?tracknum=${n}` },
  usps: { name: "USPS", trackingUrl: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}` },
  fedex: { name: "FedEx", trackingUrl: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  dhl: {
    name: "DHL",
    trackingUrl: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${n}`,
  },
  other: { name: "Another carrier", trackingUrl: null },
} as const satisfies Record<string, Carrier>;
export type CarrierId = keyof typeof CARRIERS;
export const CARRIER_IDS = Object.keys(CARRIERS) as [CarrierId, ...CarrierId[]];

/** What the shopper, the mail and the API see of a shipment. */
export type Tracking = { carrier: CarrierId; carrierName: string; number: string; url: string | null };

export function trackingOf(carrier: string | null, number: string | null): Tracking | null {
  if (!carrier || !number || !(carrier in CARRIERS)) return null;
  const known: Carrier = CARRIERS[carrier as CarrierId];
  return {
    carrier: carrier as CarrierId,
    carrierName: known.name,
    number,
    url: known.trackingUrl?.(encodeURIComponent(number)) ?? null,
  };
}

const CARRIER_MESSAGE = `Please choose the carrier: ${CARRIER_IDS.join(", ")}`;

/**
 * The carrier and number as a form or the API sends them: both, or neither (empty strings clear
 * them). Numbers are written as carriers print them: letters, digits, spaces and dashes.
 */
export const trackingFields = {
  carrier: z
    .enum(["", ...CARRIER_IDS], { errorMap: () => ({ message: CARRIER_MESSAGE }) })
    .describe(`The carrier: ${CARRIER_IDS.join(", ")}; empty to clear`),
  trackingNumber: z
    .string({ invalid_type_error: "The tracking number must be text" })
    .trim()
    .max(40, "A tracking number has at most 40 characters")
    .regex(/^[A-Za-z0-9 -]*$/, "A tracking number has letters, digits, spaces and dashes only")
    .transform((n) => n.replace(/\s+/g, " ").toUpperCase())
    .describe("As the carrier prints it; empty to clear"),
};

export type TrackingInput = { carrier: CarrierId | ""; trackingNumber: string };

/** The carrier and number of a request, when it sends either (the other then reads as empty). */
export function trackingInputOf(input: {
  carrier?: CarrierId | "";
  trackingNumber?: string;
}): TrackingInput | undefined {
  if (input.carrier === undefined && input.trackingNumber === undefined) return undefined;
  return { carrier: input.carrier ?? "", trackingNumber: input.trackingNumber ?? "" };
}

/** The reason a carrier and number cannot go with an order of that status, or null. */
export function trackingProblem(
  { carrier, trackingNumber }: TrackingInput,
  status: OrderStatusValue,
): PublicError | null {
  if (carrier && !trackingNumber) return new PublicError("Please enter the tracking number", 400, "trackingNumber");
  if (trackingNumber && !carrier) return new PublicError("Please choose the carrier", 400, "carrier");
  if (trackingNumber && status === FULFILMENT.processing)
    return new PublicError(
      "A tracking number goes with a shipped order: set the status to Shipped",
      400,
      "trackingNumber",
    );
  return null;
}
