import zlib from "node:zlib";
import { addRow, kb } from "../lib/report";
import { withShop } from "../lib/server";
import { sampleProductId } from "./http";

const gzipBytes = (body: Buffer) => zlib.gzipSync(body, { level: 6 }).length; // compression's level

/**
 * The JavaScript and CSS a first visit to `path` downloads: every /assets file the HTML names, but
 * for the route manifest's lists of other routes' files (Remix inlines them for later navigations;
 * the browser fetches them only then). Chunks a page imports after hydrating (the carousel) are not
 * named in the HTML and not counted.
 */
async function shipped(base: string, path: string) {
  const page = await (await fetch(`${base}${path}`)).text();
  const html = page.replace(/window\.__remixManifest = \{[\s\S]*?\n\};/, "");
  if (html === page) throw new Error(`No route manifest found in ${path}: the weight would count other routes' files`);
  const js = new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? []);
  const css = new Set(html.match(/\/assets\/[\w.-]+\.css/g) ?? []);
  const size = async (list: Set<string>) => {
    let raw = 0;
    let gz = 0;
    for (const asset of list) {
      const body = Buffer.from(await (await fetch(`${base}${asset}`)).arrayBuffer());
      raw += body.length;
      gz += gzipBytes(body);
    }
    return { raw, gz, files: list.size };
  };
  const inline = (html.match(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g) ?? []).join("");
  return { js: await size(js), css: await size(css), inlineGz: gzipBytes(Buffer.from(inline)) };
}

// 6. Weight: JavaScript and CSS shipped to the home page, a product page and the cart (gzip bytes).
export async function weight() {
  await withShop(async (shop) => {
    const productId = await sampleProductId(shop);
    for (const [label, path, goal] of [
      ["/", "/", undefined],
      ["/product/:id", `/product/${productId}`, 100 * 1024],
      ["/cart", "/cart", undefined],
    ] as const) {
      const w = await shipped(shop.url, path);
      addRow({
        part: "weight",
        measure: `${label}: JS gzip (${w.js.files} files; + ${kb(w.inlineGz)} inline)`,
        value: kb(w.js.gz),
        reference: `${kb(w.js.raw)} uncompressed`,
        goal: goal ? `≤ ${kb(goal)}` : undefined,
        met: goal ? w.js.gz <= goal : undefined,
      });
      addRow({
        part: "weight",
        measure: `${label}: CSS gzip (${w.css.files} files)`,
        value: kb(w.css.gz),
        reference: `${kb(w.css.raw)} uncompressed`,
      });
    }
  });
}
