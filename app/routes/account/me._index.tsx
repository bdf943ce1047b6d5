import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/lib/meta";
import { requireUser } from "~/web/auth.server";
import { DEFAULT_AVATAR_URL } from "~/lib/avatars";
import { isAdmin } from "~/lib/roles";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "Your Profile");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    name: user.name,
    email: user.email,
    avatarUrl: user.avatarUrl ?? DEFAULT_AVATAR_URL,
    joined: user.createdAt.toISOString().slice(0, 10),
    isAdmin: isAdmin(user),
    googleSignIn: user.googleSignIn,
  };
}

export default function Profile() {
  const user = useLoaderData<typeof loader>();
  return (
    <div className="row justify-content-around mt-4">
      <div className="col-12 col-md-4 text-center mb-4">
        <img src={user.avatarUrl} alt={user.name} width={240} height={240} className="rounded-circle object-fit-cover img-fluid" />
        <div className="mt-4">
          <Link to="/me/update" className="btn btn-warning w-100">
            Edit Profile
          </Link>
        </div>
      </div>
      <div className="col-12 col-md-5">
        <h1 className="h4">Full Name</h1>
        <p data-testid="profile-name">{user.name}</p>
        <h2 className="h4">Email Address</h2>
        <p data-testid="profile-email">{user.email}</p>
        <h2 className="h4">Joined On</h2>
        <p data-testid="profile-joined">{user.joined}</p>
        {user.isAdmin ? null : (
          <Link to="/orders/me" className="btn btn-danger w-100 mt-3">
            My Orders
          </Link>
        )}
        {user.googleSignIn ? null : (
          <Link to="/password/update" className="btn btn-primary w-100 mt-3">
            Change Password
          </Link>
        )}
      </div>
    </div>
  );
}
