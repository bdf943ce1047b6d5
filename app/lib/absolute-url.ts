/**
 * A URL the shop serves (`/uploads/…`) as an absolute one under `base` (the shop's PUBLIC_URL,
 * without a trailing slash), for API clients served from another origin. Absolute URLs pass through.
 */
export function absoluteUrl(base: string, url: string): string {
  return url.startsWith("/") && !url.startsWith("//") ? `${base}${url}` : url;
}
