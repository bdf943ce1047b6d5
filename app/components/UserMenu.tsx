import { Form, Link } from "@remix-run/react";
import { NAVBAR_AVATAR_URL } from "~/lib/avatars";
import { isAdmin } from "~/lib/roles";
import { useClosingDetails } from "./use-closing-details";

export type MenuUser = { name: string; avatarUrl: string | null; role: string };

// <details> opens and closes without JavaScript; Logout is a POST form, never a GET link.
// Only admins get "Dashboard": for anyone else it would only say "You cannot view the resources."
export function UserMenu({ user }: { user: MenuUser }) {
  const ref = useClosingDetails({ overlay: true });
  return (
    <details className="user-menu dropdown ms-3" ref={ref}>
      <summary className="btn btn-dark d-flex align-items-center gap-2">
        <img
          src={user.avatarUrl ?? NAVBAR_AVATAR_URL}
          alt=""
          width={32}
          height={32}
          className="rounded-circle object-fit-cover"
        />
        <span>{user.name}</span>
      </summary>
      <ul className="dropdown-menu dropdown-menu-end show">
        {isAdmin(user) ? (
          <li>
            <Link className="dropdown-item" to="/dashboard">
              Dashboard
            </Link>
          </li>
        ) : null}
        <li>
          <Link className="dropdown-item" to="/orders/me">
            Orders
          </Link>
        </li>
        <li>
          <Link className="dropdown-item" to="/me">
            Profile
          </Link>
        </li>
        <li>
          <Form method="post" action="/logout">
            <button type="submit" className="dropdown-item text-danger">
              Logout
            </button>
          </Form>
        </li>
      </ul>
    </details>
  );
}
