import { CURRENCIES, LOCALES, type Locale, type MoneyFormat } from "./money-formats";

/** What a shop that never chose shows: US dollars, written the American way. */
export const DEFAULT_MONEY_FORMAT: MoneyFormat = { currency: "USD", locale: "en-US" };

/**
 * The currency and locale an order was priced in (kept with it), as a money format; one this version
 * does not know (a row written by hand) reads as the default rather than breaking the page.
 */
export function moneyFormatOf({ currency, locale }: { currency: string; locale: string }): MoneyFormat {
  return {
    currency: (CURRENCIES as readonly string[]).includes(currency)
      ? (currency as MoneyFormat["currency"])
      : DEFAULT_MONEY_FORMAT.currency,
    locale: locale in LOCALES ? (locale as Locale) : DEFAULT_MONEY_FORMAT.locale,
  };
}

const formatters = new Map<string, (cents: number) => string>();

/** Formats integer cents in a currency and locale: `$1,234.50`, `1.234,50 €`, `£1,234.50`. */
export function moneyFormatter({ currency, locale }: MoneyFormat): (cents: number) => string {
  const key = `${locale} ${currency}`;
  let format = formatters.get(key);
  if (!format) {
    const numbers = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    format = (cents) => numbers.format(cents / 100);
    formatters.set(key, format);
  }
  return format;
}

/** Integer cents to a number with two decimals, as the API shows prices. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** An amount (at most two decimals) to integer cents. */
export function dollarsToCents(amount: number): number {
  return Math.round(amount * 100);
}
