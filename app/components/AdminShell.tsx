import { NavLink, useMatches } from "@remix-run/react";
import type { ReactNode } from "react";
import { adminTitle } from "~/lib/meta";
import { useClosingDetails } from "./use-closing-details";

const LINKS = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/admin/products", label: "Products: All" },
  { to: "/admin/product", label: "Products: Create" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/returns", label: "Returns" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/categories", label: "Categories" },
  { to: "/admin/pages", label: "Pages" },
  { to: "/admin/shipping", label: "Shipping and tax" },
  { to: "/admin/discounts", label: "Discounts" },
  { to: "/admin/settings", label: "Settings" },
];

function useAdminTitle(): string {
  return adminTitle(useMatches()) ?? "";
}

function AdminLinks() {
  return (
    <ul className="nav nav-pills flex-column bg-dark rounded p-2">
      {LINKS.map((link) => (
        <li className="nav-item" key={link.to}>
          <NavLink to={link.to} end className={({ isActive }) => `nav-link text-white${isActive ? " active" : ""}`}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The admin sidebar (Dashboard, Products, Orders, Users, Reviews) beside the page. On a phone it
 * folds behind a button (a <details>, so it works without JavaScript) instead of filling the first
 * screen; from the md breakpoint on the list shows as a sidebar. Only one of the two is ever
 * displayed, so assistive technology meets the links once.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const title = useAdminTitle();
  const menu = useClosingDetails({ overlay: false });
  return (
    <div className="row">
      <nav className="col-12 col-md-3 col-lg-2 mb-4" aria-label="Admin">
        <details className="admin-menu d-md-none" ref={menu} data-testid="admin-menu">
          <summary className="btn btn-dark w-100 text-start dropdown-toggle">Admin menu</summary>
          <div className="mt-2">
            <AdminLinks />
          </div>
        </details>
        <div className="d-none d-md-block">
          <AdminLinks />
        </div>
      </nav>
      <section className="col-12 col-md-9 col-lg-10">
        <h1 className="h3 mb-4">{title}</h1>
        {children}
      </section>
    </div>
  );
}
