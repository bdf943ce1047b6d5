import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import bootstrapCss from "bootstrap/dist/css/bootstrap.min.css?url";
import appCss from "~/styles/app.css?url";
import { Footer } from "~/components/Footer";
import { Header } from "~/components/Header";
import { Toaster } from "~/components/Toaster";
import { useNonce } from "~/components/nonce";
import { config } from "~/config.server";
import { dateFormatOf } from "~/lib/dates";
import { getShopSettings } from "~/models/settings";
import { footerPages } from "~/models/content";
import { flashedToast } from "~/web/toast.server";
import { getCartCount } from "~/models/cart";
import { cartRef } from "~/web/cart-cookie.server";
import { getOptionalUser } from "~/web/auth.server";
import { isSetUp } from "~/models/accounts";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: bootstrapCss },
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/images/logo.svg", type: "image/svg+xml" },
];

const DEFAULT_SHOP_NAME = "ShopIT";

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  const shopName = data?.shopName ?? DEFAULT_SHOP_NAME;
  if (!error) return [{ title: shopName }, { name: "description", content: `${shopName}, an online shop.` }];
  const page = isRouteErrorResponse(error) && error.status === 404 ? "Not Found" : "Error";
  return [
    { title: `${page} - ${shopName}` },
    { name: "description", content: page === "Not Found" ? "This page does not exist." : "Something went wrong." },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ toast, headers }, user, settings, pages] = await Promise.all([
    flashedToast(request),
    getOptionalUser(request),
    getShopSettings(),
    footerPages(),
  ]);
  const cartCount = await getCartCount(await cartRef(request, user));
  // A shop without an admin says where it is set up (on every page but that one).
  const setupPending = new URL(request.url).pathname !== "/setup" && !(await isSetUp());
  // Only what the layout shows goes to the browser (never the whole user row).
  const navUser = user ? { name: user.name, avatarUrl: user.avatarUrl, role: user.role } : null;
  return data(
    {
      shopName: settings.name,
      logoUrl: settings.logoUrl,
      money: { currency: settings.currency, locale: settings.locale },
      dates: dateFormatOf(settings),
      footerPages: pages,
      publicUrl: config.publicUrl,
      toast,
      user: navUser,
      cartCount,
      setupPending,
    },
    headers ? { headers } : undefined,
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const shopName = root?.shopName ?? DEFAULT_SHOP_NAME;
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="d-flex flex-column min-vh-100">
        <a href="#main" className="visually-hidden-focusable">
          Skip to content
        </a>
        <Header
          shopName={shopName}
          logoUrl={root?.logoUrl ?? null}
          cartCount={root?.cartCount ?? 0}
          user={root?.user ?? null}
        />
        <main id="main" className="container flex-grow-1 py-4">
          {root?.setupPending ? <SetupPending /> : null}
          {children}
        </main>
        <Footer shopName={shopName} pages={root?.footerPages ?? []} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function SetupPending() {
  return (
    <p className="alert alert-warning" data-testid="setup-pending">
      This shop is not set up yet: its owner <Link to="/setup">sets it up</Link> with the link printed in the
      shop&apos;s start log.
    </p>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <Outlet />
      <Toaster toast={toast} />
    </>
  );
}

const FRIENDLY: Record<number, { heading: string; message: string }> = {
  404: {
    heading: "Page not found",
    message: "We could not find the page you asked for. It may have moved, or the address may be mistyped.",
  },
  405: { heading: "Request not accepted", message: "This page cannot do that. Please go back and try again." },
};
const SERVER_ERROR = {
  heading: "Server error",
  message: "Something went wrong on our side. Please try again in a moment.",
};

/**
 * What the error page tells people. A message the shop's code wrote for them (a string thrown with
 * `data(message, { status })`) is shown; the router's own (`internal`, e.g. `Error: No route matches
 * URL …`) and anything unexpected are not.
 */
function describeError(error: unknown) {
  if (!isRouteErrorResponse(error)) {
    if (!import.meta.env.PROD) console.error(error);
    return { status: 500, ...SERVER_ERROR };
  }
  const { status } = error;
  const fallback =
    FRIENDLY[status] ??
    (status < 500 ? { heading: "Request not accepted", message: "We could not handle that request." } : SERVER_ERROR);
  const internal = (error as { internal?: boolean }).internal === true;
  const ownMessage = !internal && typeof error.data === "string" && error.data ? error.data : null;
  return { status, heading: fallback.heading, message: ownMessage ?? fallback.message };
}

export function ErrorBoundary() {
  const { status, heading, message } = describeError(useRouteError());
  return (
    <div className="text-center py-5" data-testid="error-page">
      <h1 className="h2">{heading}</h1>
      <p className="text-muted">Error {status}</p>
      <p className="lead">{message}</p>
      <a href="/" className="btn btn-warning">
        Back to the shop
      </a>
    </div>
  );
}
