import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";
import { logoutAndRedirect, requireSignIn } from "~/web/auth.server";
import { redirectWithError, redirectWithSuccess } from "~/web/toast.server";
import { endSession, listSessions, emailProofSentMessage, requestEmailProof } from "~/models/accounts";
import { PublicError } from "~/lib/public-error";
import { SessionList } from "~/components/SessionList";
import { DEFAULT_AVATAR_URL } from "~/lib/avatars";
import { isAdmin } from "~/lib/roles";
import { timeAgo } from "~/lib/time-ago";
import { readForm } from "~/web/forms.server";
import { ShopDate } from "~/components/ShopDate";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Your Profile",
    description: "Your name, e-mail, picture and signed-in devices.",
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, session: current } = await requireSignIn(request);
  const now = new Date();
  const sessions = (await listSessions(user.id, now)).map((s) => ({
    id: s.id,
    device: s.device,
    ip: s.ip,
    lastSeen: s.id === current.id ? "now" : timeAgo(s.lastSeenAt, now),
    signedInOn: s.createdAt,
    current: s.id === current.id,
  }));
  return {
    sessions,
    name: user.name,
    email: user.email,
    emailProven: user.emailProvenAt !== null,
    avatarUrl: user.avatarUrl ?? DEFAULT_AVATAR_URL,
    joined: user.createdAt,
    isAdmin: isAdmin(user),
    googleSignIn: user.googleSignIn,
  };
}

// Ends one of the account's sessions (a form per device); ending this device's is a logout. Or
// mails another link to confirm the account's e-mail.
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, session: current } = await requireSignIn(request);
  const form = await readForm(request);
  if (form.get("intent") === "send-email-proof") {
    try {
      await requestEmailProof(user, context.clientIp);
    } catch (error) {
      if (error instanceof PublicError) return redirectWithError("/me", error.message);
      throw error;
    }
    return redirectWithSuccess("/me", emailProofSentMessage(user.email));
  }
  const sessionId = form.get("sessionId");
  if (form.get("intent") !== "end-session" || typeof sessionId !== "string")
    return redirectWithError("/me", "Unknown action");
  if (sessionId === current.id) return logoutAndRedirect(request);
  const ended = await endSession(user.id, sessionId);
  return ended
    ? redirectWithSuccess("/me", `The session on ${ended.device} has ended.`)
    : redirectWithError("/me", "That session had already ended.");
}

export default function Profile() {
  const user = useLoaderData<typeof loader>();
  return (
    <div className="row justify-content-around mt-4">
      <div className="col-12 col-md-4 text-center mb-4">
        <img
          src={user.avatarUrl}
          alt={user.name}
          width={240}
          height={240}
          className="rounded-circle object-fit-cover img-fluid"
        />
        <div className="mt-4">
          <Link to="/me/update" className="btn btn-warning w-100">
            Edit Profile
          </Link>
        </div>
      </div>
      <div className="col-12 col-md-5">
        <h1 className="h3 mb-4">My Profile</h1>
        <dl className="mb-0">
          <dt className="h5">Full Name</dt>
          <dd data-testid="profile-name">{user.name}</dd>
          <dt className="h5">Email Address</dt>
          <dd data-testid="profile-email" className="text-break">
            {user.email}
          </dd>
          <dd data-testid="profile-email-proven">
            {user.emailProven ? (
              <span className="badge text-bg-success">Confirmed</span>
            ) : (
              <Form method="post" className="d-flex flex-wrap align-items-center gap-2">
                <span className="badge text-bg-warning">Not confirmed</span>
                <input type="hidden" name="intent" value="send-email-proof" />
                <button type="submit" className="btn btn-link btn-sm p-0">
                  Send the confirmation link again
                </button>
              </Form>
            )}
          </dd>
          <dt className="h5">Joined On</dt>
          <dd data-testid="profile-joined">
            <ShopDate at={user.joined} />
          </dd>
        </dl>
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
        <SessionList sessions={user.sessions} />
      </div>
    </div>
  );
}
