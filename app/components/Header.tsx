import { Link } from "@remix-run/react";
import { pluralNoun } from "~/lib/plural";
import { SearchBox } from "./SearchBox";
import { UserMenu, type MenuUser } from "./UserMenu";

type Props = {
  shopName: string;
  logoUrl: string | null;
  cartCount: number;
  user: MenuUser | null;
};

export function Header({ shopName, logoUrl, cartCount, user }: Props) {
  return (
    <nav className="navbar navbar-dark bg-dark">
      <div className="container d-flex flex-wrap align-items-center">
        <Link to="/" className="navbar-brand d-flex align-items-center gap-2">
          <img
            src={logoUrl ?? "/images/logo.svg"}
            alt=""
            width={logoUrl ? undefined : 36}
            height={36}
            className="shop-logo"
          />
          <span className="fw-bold">{shopName}</span>
        </Link>
        <SearchBox />
        <div className="d-flex align-items-center">
          {/* The name read out starts with what is shown ("Laptop 0"), as WCAG 2.5.3 asks. */}
          <Link to="/cart" className="cart-link text-white text-decoration-none">
            <span className="me-1">Laptop</span>
            <span className="badge bg-warning text-dark" data-testid="cart-count">
              {cartCount}
            </span>
            <span className="visually-hidden"> {pluralNoun(cartCount, "item")} in your cart</span>
          </Link>
          {user ? (
            <UserMenu user={user} />
          ) : (
            <Link to="/lgn" className="btn btn-warning ms-4 px-4">
              Log in
            </Link>
          )}
        </div>
      </div>
    </nav>
  );
}
