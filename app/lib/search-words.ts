/** The words of what a shopper typed as the full-text index sees them: accents dropped, lower case. */
export function searchWords(keyword: string): string[] {
  return (
    keyword
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}
