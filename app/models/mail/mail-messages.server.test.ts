import { describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { FULFILMENT } from "~/lib/order-states";
import {
  finishRegistrationMail,
  orderConfirmationMail,
  orderStatusMail,
  passwordResetMail,
  registrationAttemptMail,
  welcomeMail,
} from "./mail-messages.server";
import type { OrderWithLines } from "~/models/orders";

const buyer = { name: "Ann O'Neil", email: "ann@example.com" };
const order = {
  id: "order-1",
  orderNumber: 1042,
  lines: [
    { name: "Cable <USB-C> & adapter", quantity: 2, priceCents: 1999 },
    { name: "Laptop Pro 14", quantity: 1, priceCents: 99900 },
  ],
  itemsPriceCents: 103898,
  shippingPriceCents: 0,
  taxPriceCents: 5195,
  totalPriceCents: 109093,
  shippingRecipientName: "Ann Martin",
  shippingAddress: "12 Rue de la Paix",
  shippingCity: "Paris",
  shippingState: null,
  shippingPostalCode: "75002",
  shippingCountry: "France",
} as unknown as OrderWithLines;

const orderUrl = `${config.publicUrl}/order/order-1`;

describe("order confirmation", () => {
  it("names the shop, the order, its items, totals, address and links, in both parts", async () => {
    const mail = await orderConfirmationMail(order, buyer);
    expect(mail.to).toBe("ann@example.com");
    expect(mail.subject).toBe(`${config.shopName}: your order #1042`);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(config.shopName);
      expect(part).toContain("#1042");
      expect(part).toContain("Laptop Pro 14");
      expect(part).toContain("$999.00");
      expect(part).toContain("$19.99");
      expect(part).toContain("$1,038.98");
      expect(part).toContain("$51.95");
      expect(part).toContain("$1,090.93");
      expect(part).toContain("Ann Martin, 12 Rue de la Paix, Paris 75002, France");
    }
    expect(mail.text).toContain(`Thank you for your order #1042.`);
    expect(mail.text).toMatch(/Total paid:\s+\$1,090\.93/);
    expect(mail.text).toMatch(/Laptop Pro 14\s+1\s+\$999\.00/);
    expect(mail.text).toContain(orderUrl);
    expect(mail.text).toContain(`${orderUrl}/receipt`);
    expect(mail.html).toContain(`href="${orderUrl}/receipt"`);
    expect(mail.html).toContain("Thank you for your order #1042. We have received your payment.");
  });

  it("escapes what shoppers and admins typed", async () => {
    const mail = await orderConfirmationMail(order, { ...buyer, name: "<script>alert(1)</script>" });
    expect(mail.html).toContain("Cable &lt;USB-C&gt; &amp; adapter");
    expect(mail.html).not.toContain("<USB-C>");
    expect(mail.html).not.toContain("<script>");
    expect(mail.text).toContain("Cable <USB-C> & adapter");
  });
});

describe("order status", () => {
  it("tells the buyer the order shipped, then that it was delivered", async () => {
    const shipped = await orderStatusMail(order, buyer, FULFILMENT.shipped);
    expect(shipped.subject).toBe(`${config.shopName}: your order #1042 has shipped`);
    expect(shipped.text).toContain("Your order #1042 has shipped");
    expect(shipped.text).toContain(orderUrl);
    const delivered = await orderStatusMail(order, buyer, FULFILMENT.delivered);
    expect(delivered.subject).toBe(`${config.shopName}: your order #1042 has been delivered`);
    expect(delivered.html).toContain(config.shopName);
    expect(delivered.text).toContain("Ann Martin, 12 Rue de la Paix, Paris 75002, France");
  });
});

describe("password reset", () => {
  it("carries the link and how long it works", async () => {
    const link = `${config.publicUrl}/password/reset/${"ab".repeat(32)}`;
    const mail = await passwordResetMail(buyer, link, 30);
    expect(mail.subject).toBe(`${config.shopName} password recovery`);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("It works once, for 30 minutes.");
    expect(mail.html).toContain(`href="${link}"`);
    // Anyone may ask for it: it carries no name, which an account made through the API did not confirm.
    for (const part of [mail.text, mail.html]) expect(part).not.toMatch(/Ann|O'Neil|O&#x27;Neil/);
  });

  it("says a one-minute link works for one minute", async () => {
    const mail = await passwordResetMail(buyer, `${config.publicUrl}/password/reset/${"cd".repeat(32)}`, 1);
    expect(mail.text).toContain("It works once, for 1 minute.");
  });
});

describe("welcome", () => {
  it("welcomes to the shop, in the way the account signs in, without the name", async () => {
    const password = await welcomeMail({ ...buyer, googleSignIn: false });
    expect(password.subject).toBe(`Welcome to ${config.shopName}`);
    expect(password.text).toContain(`Welcome to ${config.shopName}!`);
    expect(password.text).toContain("your password");
    // Issue 23, item 7: no text the registrant chose (the name) reaches the address.
    for (const part of [password.text, password.html]) expect(part).not.toMatch(/Ann O|O&#x27;Neil/);
    const google = await welcomeMail({ ...buyer, googleSignIn: true });
    expect(google.text).toContain("Sign in with Google");
  });
});

describe("registration from the page", () => {
  it("mails a new address its single-use link, and nothing the registrant typed", async () => {
    const link = `${config.publicUrl}/register/confirm/${"ef".repeat(32)}`;
    const mail = await finishRegistrationMail("new@example.com", link, 24);
    expect(mail).toMatchObject({ to: "new@example.com", subject: `${config.shopName}: finish registering` });
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain("It works once, for 24 hours.");
  });

  it("tells the owner of a registered address that someone tried to register with it, with links to log in and reset", async () => {
    const mail = await registrationAttemptMail("owner@example.com");
    expect(mail).toMatchObject({
      to: "owner@example.com",
      subject: `${config.shopName}: someone tried to register with your address`,
    });
    expect(mail.text).toContain("Nothing was changed.");
    expect(mail.html).toContain(`href="${config.publicUrl}/lgn"`);
    expect(mail.html).toContain(`href="${config.publicUrl}/password/forgot"`);
  });
});
