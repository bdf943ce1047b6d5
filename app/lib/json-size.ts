/**
 * About how much memory an answer kept in a cache takes, for caches bounded in bytes: the length of
 * its JSON (a JavaScript object takes a small multiple of it). 1 for what JSON cannot write.
 */
export function jsonSize(value: unknown): number {
  try {
    return Math.max(1, JSON.stringify(value)?.length ?? 1);
  } catch {
    return 1;
  }
}
