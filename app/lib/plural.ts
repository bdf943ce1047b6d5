// Counts shown to people, with the noun in the right number ("1 review", "3 reviews").
const englishPlurals = new Intl.PluralRules("en-US");
const wholeNumbers = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** The noun that goes with a count: `one` for 1, `other` (by default `one` + "s") otherwise. */
export function pluralNoun(count: number, one: string, other = `${one}s`): string {
  return englishPlurals.select(count) === "one" ? one : other;
}

/** The count and its noun: "1 item", "0 items", "1,200 reviews". */
export function countOf(count: number, one: string, other?: string): string {
  return `${wholeNumbers.format(count)} ${pluralNoun(count, one, other)}`;
}
