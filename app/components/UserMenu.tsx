import { Form, Link } from "@remix-run/react";
import { NAVBAR_AVATAR_URL } from "~/lib/avatars";

type Props = { user: { name: string; avatarUrl: string | null } };

// <details> opens and closes without JavaScript; Logout is a POST form, never a GET link.
export function UserMenu({ user }: Props) {
  return (
    <details className="user-menu dropdown ms-3">
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
        <li>
          <Link className="dropdown-item" to="/dashboard">
            Dashboard
          </Link>
        </li>
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
