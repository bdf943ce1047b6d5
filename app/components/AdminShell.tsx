import { NavLink, useMatches } from "@remix-run/react";
import type { ReactNode } from "react";
import { adminTitle } from "~/lib/meta";

const LINKS = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/admin/products", label: "Products: All" },
  { to: "/admin/product", label: "Products: Create" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/reviews", label: "Reviews" },
];

function useAdminTitle(): string {
  return adminTitle(useMatches()) ?? "";
}

/** The admin sidebar (Dashboard, Products, Orders, Users, Reviews) beside the page. */
export function AdminShell({ children }: { children: ReactNode }) {
  const title = useAdminTitle();
  return (
    <div className="row">
      <nav className="col-12 col-md-3 col-lg-2 mb-4" aria-label="Admin">
        <ul className="nav nav-pills flex-column bg-dark rounded p-2">
          {LINKS.map((link) => (
            <li className="nav-item" key={link.to}>
              <NavLink to={link.to} end className={({ isActive }) => `nav-link text-white${isActive ? " active" : ""}`}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="col-12 col-md-9 col-lg-10">
        <h1 className="h3 mb-4">{title}</h1>
        {children}
      </section>
    </div>
  );
}
