import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { escapeHtml } from "~/lib/html";

// The API reference at /api/docs: Swagger UI from the swagger-ui-dist package, served by the shop
// itself (no CDN). The page is static HTML with same-origin scripts only, so the shop's CSP
// (script-src 'self' and a nonce) needs no exception.

const INIT = `window.addEventListener("DOMContentLoaded", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/v1/openapi.json",
    dom_id: "#swagger-ui",
    // Deep links put a link inside each operation's toggle button (nested interactive controls).
    deepLinking: false,
    validatorUrl: null,
    withCredentials: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    // The highlighter's colours on its dark background fall short of WCAG AA contrast.
    syntaxHighlight: false,
  });
  accessibilityFixes();
  new MutationObserver(accessibilityFixes).observe(document.getElementById("swagger-ui"), { childList: true, subtree: true });
});

// What Swagger UI leaves out for WCAG: names for its selects, keyboard access to scrolling examples;
// its list of operations is the page's <main>, so the parts above it become named regions, and its
// tag headings (h3) follow the title (h1), so the list gets a hidden h2.
function accessibilityFixes() {
  [["information-container", "About the API"], ["scheme-container", "Servers"]].forEach(function (part) {
    document.querySelectorAll("#swagger-ui ." + part[0] + ":not([role])").forEach(function (element) {
      element.setAttribute("role", "region");
      element.setAttribute("aria-label", part[1]);
    });
  });
  var operations = document.querySelector("#swagger-ui main#operations");
  if (operations && !document.getElementById("operations-heading")) {
    var heading = document.createElement("h2");
    heading.id = "operations-heading";
    heading.className = "shop-visually-hidden";
    heading.textContent = "Operations";
    operations.prepend(heading);
  }
  document.querySelectorAll("#swagger-ui select:not([aria-label])").forEach(function (select) {
    var row = select.closest("tr");
    var name = row && row.querySelector(".parameter__name");
    select.setAttribute("aria-label", select.id === "servers" ? "Server" : name ? name.textContent.replace("*", "").trim() : "Value");
  });
  document.querySelectorAll("#swagger-ui pre:not([tabindex])").forEach(function (pre) {
    pre.setAttribute("tabindex", "0");
  });
}
`;

// Swagger UI's own colours for a few texts fall short of WCAG AA contrast on white; a hidden heading.
const OVERRIDES = `body { margin: 0; }
.shop-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.swagger-ui .info .title small pre, .swagger-ui .info .title small.version-stamp pre { color: #fff; }
.swagger-ui .info .title small { background: #595959; }
.swagger-ui .info .title small.version-stamp { background: #2f6b00; }
.swagger-ui .opblock .opblock-summary-path, .swagger-ui .opblock .opblock-summary-description { color: #1f2937; }
.swagger-ui .opblock-tag small { color: #3b3b3b; }
.swagger-ui .parameter__in, .swagger-ui .parameter__type, .swagger-ui .prop-format, .swagger-ui table thead tr th { color: #3b3b3b; }
.swagger-ui .response-col_links { color: #3b3b3b; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #3b3b3b; }
.swagger-ui .btn.try-out__btn.cancel { color: #c01c1c; border-color: #c01c1c; }
.swagger-ui .btn.execute { background: #0b5cad; border-color: #0b5cad; }
.swagger-ui .download-contents { background: #4b5060; }
.swagger-ui .btn.authorize, .swagger-ui .btn.authorize svg { color: #2f6b00; fill: #2f6b00; border-color: #2f6b00; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #0b5cad; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #186b45; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8f4a00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #c01c1c; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f6e63; }
.swagger-ui .info .url, .swagger-ui .info a, .swagger-ui a.nostyle { color: #0b5cad; }
.swagger-ui .scheme-container { padding: 16px 0; }
@media (max-width: 600px) {
  .swagger-ui .wrapper { padding: 0 8px; }
  .swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
  .swagger-ui .opblock .opblock-summary-path { max-width: 100%; word-break: break-all; }
}
`;

export function docsPage(shopName: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference - ${escapeHtml(shopName)}</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/shop-docs.css">
<link rel="icon" href="/images/logo.svg" type="image/svg+xml">
</head>
<body>
<div id="swagger-ui">
<noscript><p>The interactive reference needs JavaScript. The OpenAPI document itself is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p></noscript>
</div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/shop-docs.js"></script>
</body>
</html>
`;
}

type Asset = { type: string; body: () => string };

const distDir = () => path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const fromDist = (file: string) => {
  let cached: string | undefined;
  return () => (cached ??= fs.readFileSync(path.join(distDir(), file), "utf8"));
};

const ASSETS: Record<string, Asset> = {
  "swagger-ui-bundle.js": { type: "text/javascript; charset=utf-8", body: fromDist("swagger-ui-bundle.js") },
  "swagger-ui.css": { type: "text/css; charset=utf-8", body: fromDist("swagger-ui.css") },
  "shop-docs.js": { type: "text/javascript; charset=utf-8", body: () => INIT },
  "shop-docs.css": { type: "text/css; charset=utf-8", body: () => OVERRIDES },
};

/** One of the page's scripts or style sheets, or null for any other name. */
export function docsAsset(name: string): { type: string; body: string } | null {
  const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  return asset ? { type: asset.type, body: asset.body() } : null;
}
