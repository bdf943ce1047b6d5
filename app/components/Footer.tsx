import { Link } from "@remix-run/react";

type Props = { shopName: string; pages: { slug: string; title: string }[] };

/** The footer: the owner's pages (admin → Pages), then the copyright line. */
export function Footer({ shopName, pages }: Props) {
  return (
    <footer className="py-3 mt-5 bg-dark text-white-50 text-center">
      {pages.length > 0 ? (
        <nav aria-label="About the shop">
          <ul className="list-inline mb-2">
            {pages.map((page) => (
              <li key={page.slug} className="list-inline-item mx-2">
                <Link to={`/pages/${page.slug}`} className="link-light">
                  {page.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="mb-2">
        <Link to="/order/lookup" className="link-light">
          Look up an order
        </Link>
      </p>
      <p className="mb-0">
        {shopName} - {new Date().getFullYear()}, All Rights Reserved
      </p>
    </footer>
  );
}
