/** An address to ship to, as the shipping form and the API take it. */
export type AddressParts = {
  recipientName: string;
  address: string;
  city: string;
  state?: string | null;
  postalCode: string;
  country: string;
};

/** The shipping columns of an order (orders table, or any view of it that keeps their names). */
export type OrderAddressColumns = {
  shippingRecipientName: string;
  shippingAddress: string;
  shippingCity: string;
  shippingState: string | null;
  shippingPostalCode: string;
  shippingCountry: string;
};

export function orderAddress(order: OrderAddressColumns): AddressParts {
  return {
    recipientName: order.shippingRecipientName,
    address: order.shippingAddress,
    city: order.shippingCity,
    state: order.shippingState,
    postalCode: order.shippingPostalCode,
    country: order.shippingCountry,
  };
}

/**
 * The address as it is written on a parcel, one string per line: recipient, street, "city,
 * region postal code", country. The one formatting of an address for pages, receipts and mails
 * (join with "\n" for a text mail, or show each line).
 */
export function addressLines(parts: AddressParts | OrderAddressColumns): string[] {
  const a = "shippingAddress" in parts ? orderAddress(parts) : parts;
  const place = [a.city, a.state].filter(Boolean).join(", ");
  return [a.recipientName, a.address, `${place} ${a.postalCode}`, a.country].filter((line) => line.trim() !== "");
}
