import { distance } from "fastest-levenshtein";
import { searchVocabulary, vocabularyVersion } from "~/db/dialect";
import { searchWords } from "~/lib/search-words";
import { countKeywordMatches } from "./products.server";

type Term = { word: string; docs: number };
type Vocabulary = { terms: Term[]; known: Set<string> };

const MIN_WORD_LENGTH = 3;
// The words of the current version, or the read of them under way (one read for concurrent asks:
// 100,000 products hold about as many words).
let vocabulary: { version: number; read: Promise<Vocabulary> } | undefined;

/** The catalogue's own words, as the full-text index holds them; read once per version of them, not per request. */
async function catalogueVocabulary(): Promise<Vocabulary> {
  // A version not known (below zero) is new at each call: read, and keep nothing.
  const version = await vocabularyVersion();
  if (vocabulary?.version === version) return vocabulary.read;
  const read = readVocabulary();
  if (version >= 0) {
    const kept = { version, read };
    vocabulary = kept;
    read.catch(() => {
      if (vocabulary === kept) vocabulary = undefined;
    });
  }
  return read;
}

async function readVocabulary(): Promise<Vocabulary> {
  const rows = await searchVocabulary();
  // Only words of letters are worth suggesting (not model numbers such as "m3" or "256").
  const terms = rows
    .filter((r) => r.term.length >= MIN_WORD_LENGTH && /^\p{L}+$/u.test(r.term))
    .map((r) => ({ word: r.term, docs: r.docs }));
  return { terms, known: new Set(rows.map((r) => r.term)) };
}

/** How far a misspelling may be from a real word: one edit in short words, two from six letters. */
const maxEdits = (word: string) => (word.length >= 6 ? 2 : 1);

/** The catalogue word nearest to `word` (fewest edits, then the most common), or null. */
function nearestWord(word: string, terms: Term[]): string | null {
  const limit = maxEdits(word);
  let best: { word: string; edits: number; docs: number } | null = null;
  for (const term of terms) {
    if (Math.abs(term.word.length - word.length) > limit) continue;
    const edits = distance(word, term.word);
    if (edits > limit) continue;
    if (!best || edits < best.edits || (edits === best.edits && term.docs > best.docs))
      best = { word: term.word, edits, docs: term.docs };
  }
  return best?.word ?? null;
}

/**
 * "Did you mean …?" for a keyword that finds nothing: each word the catalogue does not know is
 * replaced by its nearest catalogue word (the last word counts as known when a word starts with
 * it, as the search matches it as a prefix). Null when no word changes or the suggestion would
 * find nothing either.
 */
export async function suggestKeyword(keyword: string): Promise<string | null> {
  const words = searchWords(keyword);
  if (words.length === 0) return null;
  const { terms, known } = await catalogueVocabulary();
  let changed = false;
  const suggested = words.map((word, i) => {
    const isLast = i === words.length - 1;
    if (known.has(word) || (isLast && terms.some((t) => t.word.startsWith(word)))) return word;
    if (word.length < MIN_WORD_LENGTH || /\p{N}/u.test(word)) return word;
    const nearest = nearestWord(word, terms);
    if (!nearest) return word;
    changed = true;
    return nearest;
  });
  if (!changed) return null;
  const suggestion = suggested.join(" ");
  return (await countKeywordMatches(suggestion)) > 0 ? suggestion : null;
}
