/** The words of what a shopper typed as the index sees them: accents dropped, lower case. */
export function searchWords(keyword: string): string[] {
  return (
    keyword
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * Turns what a shopper typed into an FTS5 MATCH expression: every word must match, accents and
 * case are ignored (the index uses unicode61 remove_diacritics 2), and the last word matches as a
 * prefix so that "macb" finds "MacBook". Returns null when the text holds no searchable word.
 */
export function toFtsQuery(keyword: string, maxTerms = 12): string | null {
  const words = searchWords(keyword);
  if (words.length === 0) return null;
  const terms = words.slice(0, maxTerms);
  // Words hold only letters and digits, so quoting them cannot break out of the expression.
  return terms.map((w, i) => (i === terms.length - 1 ? `"${w}"*` : `"${w}"`)).join(" ");
}
