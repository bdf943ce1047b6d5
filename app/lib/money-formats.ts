// The currencies and locales money can be written in: plain constants, kept apart from the settings'
// schema so that formatting money in the browser does not bring the schema (zod, the country list) along.

/** Currencies the shop can sell in: those counted in hundredths, as prices are stored (integer cents). */
export const CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "CAD",
  "AUD",
  "NZD",
  "CHF",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CZK",
  "INR",
  "MXN",
  "BRL",
  "ZAR",
  "SGD",
  "HKD",
] as const;

/** The locales prices and dates can be written for: "1,234.50 $", "1.234,50 €" and so on. */
export const LOCALES = {
  "en-US": "English (United States)",
  "en-GB": "English (United Kingdom)",
  "en-CA": "English (Canada)",
  "en-AU": "English (Australia)",
  "en-IE": "English (Ireland)",
  "en-IN": "English (India)",
  "de-DE": "Deutsch (Deutschland)",
  "de-AT": "Deutsch (Österreich)",
  "de-CH": "Deutsch (Schweiz)",
  "fr-FR": "Français (France)",
  "fr-CA": "Français (Canada)",
  "es-ES": "Español (España)",
  "es-MX": "Español (México)",
  "it-IT": "Italiano (Italia)",
  "nl-NL": "Nederlands (Nederland)",
  "pt-PT": "Português (Portugal)",
  "pt-BR": "Português (Brasil)",
  "sv-SE": "Svenska (Sverige)",
  "da-DK": "Dansk (Danmark)",
  "nb-NO": "Norsk bokmål (Norge)",
  "fi-FI": "Suomi (Suomi)",
  "pl-PL": "Polski (Polska)",
  "cs-CZ": "Čeština (Česko)",
} as const;
export type Locale = keyof typeof LOCALES;

/** How the shop writes money: one currency, in one locale's way. */
export type MoneyFormat = { currency: (typeof CURRENCIES)[number]; locale: Locale };
