import { LRUCache } from "lru-cache";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";

// Fragments (CachedFragment) kept by their data object: when the catalogue changes, its cache hands
// out new objects, and the HTML rendered from the old ones is no longer asked for. Least recently
// used out, at most 16 MB of HTML in all (a page's query string can carry anything, and an object
// may live long).
const fragments = new LRUCache<string, string>({
  max: 5000,
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (html) => Math.max(1, html.length),
});
const objectIds = new WeakMap<object, number>();
let nextObjectId = 0;
/** The store CachedFragment renders through (its FragmentStore), handed to it by entry.server.tsx. */
export const fragmentStore = (data: object, name: string, url: string, render: () => ReactElement): string => {
  let id = objectIds.get(data);
  if (id === undefined) objectIds.set(data, (id = nextObjectId++));
  const key = `${id} ${name} ${url}`;
  let html = fragments.get(key);
  if (html === undefined) {
    // Ids (useId) of its own, apart from the page's and the other fragments'.
    html = renderToString(render(), { identifierPrefix: `${name}-` });
    fragments.set(key, html);
  }
  return html;
};
