import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";

// Where no rule is known for the country: letters, digits, spaces and dashes, at least one of the first two.
const ANY_COUNTRY = /^(?=.*[A-Z0-9])[A-Z0-9 -]{2,12}$/;

/** As people type it ("sw1a  1aa ") into the form it is kept in ("SW1A 1AA"). */
export function normalizePostalCode(code: string): string {
  return code.trim().replace(/\s+/g, " ").toUpperCase();
}

/** Whether a normalized postal code fits its country's format (ISO 3166-1 alpha-2), or the general rule. */
export function isPostalCodeOf(code: string, countryCode: string | undefined): boolean {
  if (countryCode && postcodeValidatorExistsForCountry(countryCode)) return postcodeValidator(code, countryCode);
  return ANY_COUNTRY.test(code);
}

export function hasPostalCodeRule(countryCode: string | undefined): boolean {
  return !!countryCode && postcodeValidatorExistsForCountry(countryCode);
}
