/** The stored shipping fields of an order that make its address. */
export type ShippingAddressFields = {
  shippingAddress: string;
  shippingCity: string;
  shippingPostalCode: string;
  shippingCountry: string;
};

/** An order's shipping address on one line, as pages, receipts and mails show it. */
export function formatShippingAddress(order: ShippingAddressFields): string {
  return [order.shippingAddress, order.shippingCity, order.shippingPostalCode, order.shippingCountry].join(", ");
}
