import { flatRoutes } from "@remix-run/fs-routes";
import { layout, prefix, route, type RouteConfig } from "@remix-run/route-config";

// Routes by area. Inside each folder the file names follow Remix's flat-route convention
// (`product.$id.tsx` is /product/:id), relative to the folder's mount point.
const area = (folder: string, ignoredRouteFiles: string[] = []) =>
  flatRoutes({ rootDirectory: `routes/${folder}`, ignoredRouteFiles });

export default (async () => [
  // The storefront: /, /search/:keyword, /product/:id, /cart
  ...(await area("shop")),
  // Accounts: /lgn, /register, /logout, /me, /me/update, /password/*, /auth/google
  ...(await area("account")),
  // Buying: /shipping, /confirm, /payment, /payment/return, /success, and Stripe's webhook
  ...(await area("checkout")),
  // A shopper's orders: /orders/me, /order/:id, and the receipt and the invoice beside the order page
  // (not inside it)
  ...(await area("orders", ["**/order.$id.receipt.tsx", "**/order.$id.invoice.tsx"])),
  route("order/:id/receipt", "routes/orders/order.$id.receipt.tsx"),
  route("order/:id/invoice", "routes/orders/order.$id.invoice.tsx"),
  // The admin area: one layout renders the sidebar for /dashboard and every /admin page.
  layout("routes/admin/layout.tsx", [
    route("dashboard", "routes/admin/dashboard.tsx"),
    ...prefix("admin", await area("admin", ["**/layout.tsx", "**/dashboard.tsx", "**/order.$id_.packing-slip.tsx"])),
  ]),
  // An order's packing slip, for paper: outside the admin layout, as the receipt is outside the order page.
  route("admin/order/:id/packing-slip", "routes/admin/order.$id_.packing-slip.tsx"),
  // The JSON API of the specification's section 7.
  ...prefix("api/v1", await area("api/v1")),
  // Its interactive reference (Swagger UI) and the page's assets.
  route("api/docs", "routes/api/docs.ts"),
  route("api/docs/:asset", "routes/api/docs.$asset.ts"),
  // The specification's other path shapes, redirected to the pages.
  ...["login", "products/:id", "shippping", "order/confirm"].map((path) =>
    route(path, "routes/legacy/redirects.ts", { id: `legacy/${path}` }),
  ),
  // For search engines: /robots.txt, /sitemap.xml and its numbered pages /sitemap/{n}.xml.
  ...(await area("seo")),
  route("healthz", "routes/healthz.ts"),
])() satisfies RouteConfig;
