// Where a client-chosen destination (the login's `redirectTo`) may send the browser: only a path on
// this site. Browsers drop tabs and line breaks from a Location and read `\` as `/`, so `/\t/evil`
// and `/\evil` both mean `//evil`, another host; and a header holding CR, LF, NUL or a character
// above U+00FF cannot even be set (Headers.set throws). Whatever comes out of here is plain ASCII,
// same-origin, and starts with a single `/`.

const MAX_LENGTH = 2000;
// A placeholder origin: only the path, query and fragment of the parsed URL are kept.
const ORIGIN = "http://shop.invalid";

/** As sent: printable ASCII only (a path the shop itself wrote is percent-encoded). */
const AS_SENT = /^[\x20-\x5b\x5d-\x7e]*$/;
/** Once percent-decoded: printable ASCII, and letters, marks and digits of any script (a search for "café"). No `\`. */
const DECODED = /^[\x20-\x5b\x5d-\x7e\p{L}\p{M}\p{N}]*$/u;
const MAX_DECODINGS = 5;

/** Decodes the valid %XX sequences once; bytes that are not UTF-8 become U+FFFD (refused by DECODED). */
const decodeOnce = (value: string) =>
  value.replace(/(?:%[0-9a-f]{2})+/gi, (sequence) => {
    try {
      return decodeURIComponent(sequence);
    } catch {
      return "\uFFFD";
    }
  });

const startsOffSite = (path: string) => path.startsWith("//") || path.startsWith("/\\");

/** Every decoding of the value (as a browser, a proxy or a later step might read it) is a plain path. */
function decodesToPlainPath(value: string): boolean {
  let current = value;
  for (let i = 0; i < MAX_DECODINGS; i++) {
    const next = decodeOnce(current);
    if (next === current) return true;
    if (!DECODED.test(next) || startsOffSite(next)) return false;
    current = next;
  }
  return false;
}

/**
 * The path, query and fragment of `to` when it names a page of this site, normalised
 * (dot segments resolved, non-ASCII percent-encoded); otherwise `fallback`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length > MAX_LENGTH || !to.startsWith("/")) return fallback;
  if (!AS_SENT.test(to) || startsOffSite(to) || !decodesToPlainPath(to)) return fallback;
  const url = new URL(to, ORIGIN);
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//evil` resolves to `//evil`.
  return url.origin === ORIGIN && !startsOffSite(path) ? path : fallback;
}
