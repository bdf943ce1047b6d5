import { z } from "zod";
import type { Locale, MoneyFormat } from "./shop-settings";

// Money as the owner types it, in the shop's locale: "39,90" and "39.90" in a German shop, "1.099,00"
// for a thousand and more there, "1,099.00" or "1099" in an American one. Every money field of the
// forms and the API reads its text here; JSON numbers are taken as they are.

/** The most an amount may be: under ten million (seven digits before the decimals). */
const MAX_WHOLE_DIGITS = 7;

type Separators = { decimal: string; group: string };
const separatorsByLocale = new Map<string, Separators>();

/** The locale's decimal and grouping marks ("," and "." in de-DE), spaces of any kind as " ". */
function separatorsOf(locale: string): Separators {
  let found = separatorsByLocale.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
    const part = (type: string, fallback: string) => parts.find((p) => p.type === type)?.value ?? fallback;
    found = { decimal: part("decimal", "."), group: normalMarks(part("group", ",")) };
    separatorsByLocale.set(locale, found);
  }
  return found;
}

/** Spaces of every kind (no-break, narrow, thin) as " ", and the typographic apostrophe as "'". */
const normalMarks = (text: string) => text.replace(/[\s\u00a0\u202f\u2009]+/g, " ").replace(/[’‘]/g, "'");

export type MoneyParse =
  { cents: number } | { problem: "format" | "decimals" | "unclear" | "negative" | "large"; message: string };

/** Digits in threes, or as the locale groups them (en-IN's 12,34,567), joined by `mark`. */
function isGrouped(whole: string, mark: string, locale: string): boolean {
  const groups = whole.split(mark);
  if (groups.every((g, i) => (i === 0 ? /^\d{1,3}$/.test(g) : /^\d{3}$/.test(g)))) return true;
  const digits = groups.join("");
  const own = new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 })
    .formatToParts(Number(digits))
    .map((p) => (p.type === "group" ? mark : p.value))
    .join("");
  return /^\d/.test(digits) && own === whole;
}

/** An example of an amount as the locale writes it: "19,99" in de-DE, "19.99" in en-US. */
export const moneyExample = (locale: string, cents = 1999) => formatMoneyInput(cents, locale);

/**
 * What the owner typed, as integer cents, or the problem with it (a sentence naming `what`, such as
 * "The price"). A currency sign at either end is allowed; an amount written the other way round from
 * the locale's ("39.90" in de-DE, "1.099,00" in en-US) is read when only one reading fits. A single
 * mark before three digits that is not the locale's grouping ("1.099" in en-US) is unclear: a thousand
 * and ninety-nine, or an amount with three decimals.
 */
export function parseMoneyInput(input: string, locale: Locale | string, what = "The amount"): MoneyParse {
  const { decimal, group } = separatorsOf(locale);
  const example = `such as 25 or ${moneyExample(locale)}`;
  const format = { problem: "format", message: `${what} must be an amount ${example}` } as const;
  const text = normalMarks(input.trim())
    .replace(/^\p{Sc} ?|(?<=\d) ?\p{Sc}$/gu, "")
    .trim();
  if (/^[-−]/.test(text)) return { problem: "negative", message: `${what} cannot be negative` };
  if (!/^\d[\d., ']*$/.test(text) || !/\d$/.test(text)) return format;

  const marks = [...new Set(text.replace(/\d/g, ""))];
  let whole = text;
  let fraction = "";
  if (marks.length > 2) return format;
  if (marks.length === 2) {
    // The last mark is the decimal one (once, before one or two digits), the other groups the rest.
    const last = text.replace(/\d+$/, "").slice(-1);
    const other = marks.find((m) => m !== last)!;
    fraction = text.slice(text.lastIndexOf(last) + 1);
    whole = text.slice(0, text.lastIndexOf(last));
    if (last === " " || last === "'" || whole.includes(last)) return format;
    if (fraction.length > 2)
      return { problem: "decimals", message: `${what} can have at most two decimals, ${example}` };
    if (!isGrouped(whole, other, locale)) return format;
    whole = whole.split(other).join("");
  } else if (marks.length === 1) {
    const [mark] = marks;
    const pieces = text.split(mark);
    const after = pieces[pieces.length - 1];
    const decimalMark = mark === "." || mark === ",";
    if (pieces.length === 2 && decimalMark && after.length <= 2) {
      [whole, fraction] = pieces;
    } else if (pieces.length === 2 && decimalMark && after.length === 3 && mark !== group) {
      const grouped = formatMoneyInput(Number(pieces.join("")) * 100, locale, { grouped: true });
      return {
        problem: "unclear",
        message: `${what} "${input.trim()}" is unclear: write ${grouped} for ${Number(pieces.join("")).toLocaleString(locale)}, or at most two decimals`,
      };
    } else if (pieces.length === 2 && mark === decimal && after.length > 3) {
      return { problem: "decimals", message: `${what} can have at most two decimals, ${example}` };
    } else if (isGrouped(text, mark, locale)) {
      whole = pieces.join("");
    } else {
      return format;
    }
  }
  whole = whole.replace(/^0+(?=\d)/, "");
  if (whole.length > MAX_WHOLE_DIGITS)
    return {
      problem: "large",
      message: `${what} must be less than ${(10 ** MAX_WHOLE_DIGITS).toLocaleString(locale)}`,
    };
  return { cents: Number(whole) * 100 + Number(fraction.padEnd(2, "0")) };
}

/** A JSON number as an amount: at most two decimals, not negative, under ten million. */
function centsOfNumber(amount: number, locale: string, what: string): MoneyParse {
  if (!Number.isFinite(amount)) return { problem: "format", message: `${what} must be an amount such as 25 or 19.99` };
  if (amount < 0) return { problem: "negative", message: `${what} cannot be negative` };
  const cents = amount * 100;
  if (Math.abs(cents - Math.round(cents)) > 1e-6)
    return { problem: "decimals", message: `${what} can have at most two decimals, such as 19.99` };
  if (amount >= 10 ** MAX_WHOLE_DIGITS)
    return {
      problem: "large",
      message: `${what} must be less than ${(10 ** MAX_WHOLE_DIGITS).toLocaleString(locale)}`,
    };
  return { cents: Math.round(cents) };
}

/** Text as parseMoneyInput reads it, or a JSON number as it is. */
export const readMoney = (value: string | number, locale: Locale, what: string): MoneyParse =>
  typeof value === "number" ? centsOfNumber(value, locale, what) : parseMoneyInput(value, locale, what);

/**
 * A money field of a form or the API: text in the shop's locale (parseMoneyInput) or a JSON number, as
 * integer cents; empty, null or absent is null (a required field says so itself).
 */
export function moneyField(locale: Locale, what: string) {
  return z
    .union([z.string(), z.number(), z.null()], { errorMap: () => ({ message: `${what} must be an amount` }) })
    .optional()
    .transform((value, ctx): number | null => {
      if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return null;
      const parsed = readMoney(value, locale, what);
      if ("cents" in parsed) return parsed.cents;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.message });
      return z.NEVER;
    });
}

/** Integer cents as a form field shows them for the locale: "39,90" (de-DE), "1099.00"; grouped: "1.099,00". */
export function formatMoneyInput(cents: number, locale: Locale | string, { grouped = false } = {}): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: grouped })
    .format(cents / 100)
    .replace(/[\u00a0\u202f]/g, " ");
}

/** The currency's sign as the shop writes it: "$", "€", "£", "CHF". */
export function currencySymbol({ currency, locale }: MoneyFormat): string {
  return (
    new Intl.NumberFormat(locale, { style: "currency", currency }).formatToParts(0).find((p) => p.type === "currency")
      ?.value ?? currency
  );
}

/** Builds a value (a validator) once per locale: a form's validator must stay the same object between renders. */
export function perLocale<T>(make: (locale: Locale) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) made.set(locale, (value = make(locale)));
    return value;
  };
}
