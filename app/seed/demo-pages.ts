// The demo shop's own pages (admin → Pages), written as a small shop would write them: replace
// them with your own before you sell. Markdown, as the owner edits them.

export const demoPages = [
  {
    slug: "contact",
    title: "Contact us",
    position: 1,
    body: `We answer every message within one working day, Monday to Friday.

- **Orders and deliveries:** write to us with your order number (#1001, say) and we will find it.
- **Returns:** see [Shipping and returns](/pages/shipping-returns) first; most questions are answered there.`,
  },
  {
    slug: "shipping-returns",
    title: "Shipping and returns",
    position: 2,
    body: `## Shipping

Orders ship from our warehouse within two working days. Shipping is **free on orders over $200**;
below that it costs $25. You get a mail with the tracking number once your parcel leaves us.

## Returns

You may return any item within **30 days** of delivery, unused and in its box. Write to us with
your order number and we will send you a return label. Refunds go back to the card you paid with,
within five working days of the parcel reaching us.`,
  },
  {
    slug: "privacy",
    title: "Privacy",
    position: 3,
    body: `We keep only what we need to sell to you and deliver your orders: your name, e-mail address,
shipping address and phone number, and what you bought. Card details go straight to our payment
provider (Stripe) and never reach our servers.

We use one cookie to keep you signed in and one to keep your cart. We do not use advertising or
tracking cookies, and we never sell or share your data.

You may ask us for a copy of what we hold about you, or delete your account, at any time.`,
  },
  {
    slug: "terms",
    title: "Terms and conditions",
    position: 4,
    body: `1. Prices are shown before tax; tax and shipping are added at checkout, and the total you pay is
   shown before you pay.
2. Your order is accepted once your payment is confirmed; we mail you a confirmation.
3. Should an item sell out while you pay, we refund you in full at once.
4. You may return items as [Shipping and returns](/pages/shipping-returns) describes.`,
  },
];
