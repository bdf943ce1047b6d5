import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json";

countries.registerLocale(en);

/** Every country of ISO 3166-1, by English name (the list of the shipping form). */
export const COUNTRY_NAMES: string[] = Object.values(countries.getNames("en", { select: "official" })).sort((a, b) =>
  a.localeCompare(b, "en"),
);

/** The ISO 3166-1 alpha-2 code of a country named by any of its English names ("UK", "United States"). */
export function countryCode(name: string): string | undefined {
  return countries.getAlpha2Code(name.trim(), "en");
}

/** The list's (official) name of a country named by any of its English names. */
export function officialCountryName(name: string): string | undefined {
  const code = countryCode(name);
  return code ? countries.getName(code, "en", { select: "official" }) : undefined;
}

// English puts "the" before plural names and names of unions or of a kind of state.
const TAKES_THE =
  /^(United |Republic |Democratic |Islamic |People's |Lao |Russian |Syrian |Czech |Dominican |Central African |Holy See|State of |Netherlands|Bahamas|Philippines|Maldives|Comoros|Seychelles)|Islands/;

/** The country's name as it reads inside a sentence: "the United Kingdom", "Germany". */
export function countryInSentence(name: string): string {
  return TAKES_THE.test(name) ? `the ${name}` : name;
}
