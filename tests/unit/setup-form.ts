/** The setup form as a German owner fills it in (app/lib/setup.ts): their own flat rate and VAT. */
export const GERMAN_OWNER_FORM = {
  token: "",
  name: "Olga Owner",
  email: "olga@example.com",
  password: "owner-password-1",
  shopName: "Volt",
  currency: "EUR",
  locale: "de-DE",
  homeCountry: "Germany",
  rules: "own",
  shippingPrice: "4.99",
  freeOver: "",
  taxRate: "19",
};
