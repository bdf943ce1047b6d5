import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/AuthCard";
import { FormAlert } from "~/components/form-fields";
import { pageMeta } from "~/lib/meta";
import { EMAIL_CONFIRMED, confirmEmail, emailProofLink } from "~/models/email-proof.server";
import { getOptionalUser } from "~/web/auth.server";
import { publicErrorToForm } from "~/web/errors.server";
import { redirectWithSuccess } from "~/web/toast.server";

// The link mailed to an account's new (or unconfirmed) address. Opening it changes nothing (mail
// scanners fetch links): the address is confirmed by the button's POST.

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Confirm E-mail", description: "Confirm your account's e-mail address.", noindex: true });

export async function loader({ params }: LoaderFunctionArgs) {
  return emailProofLink(params.token ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  try {
    const { userId } = await confirmEmail(params.token ?? "");
    // Signed in to that account: its profile says so. Anyone else (another browser) just reads it here.
    if ((await getOptionalUser(request))?.id === userId) return redirectWithSuccess("/me", EMAIL_CONFIRMED);
    return { confirmed: true as const };
  } catch (error) {
    return publicErrorToForm(error);
  }
}

export default function ConfirmEmail() {
  const { email, problem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (actionData && "confirmed" in actionData)
    return (
      <AuthCard title="Confirm E-mail">
        <p role="status">{EMAIL_CONFIRMED}</p>
        <Link to="/me" className="btn btn-warning w-100">
          My Profile
        </Link>
      </AuthCard>
    );
  const failure = actionData ? (actionData.formError ?? Object.values(actionData.fieldErrors)[0]) : undefined;
  const message = failure ?? problem;
  return (
    <AuthCard title="Confirm E-mail">
      <FormAlert message={message} />
      {email && !failure ? (
        <Form method="post">
          <p>{`Confirm that ${email} is your account's e-mail address?`}</p>
          <button type="submit" className="btn btn-warning w-100">
            Confirm my e-mail
          </button>
        </Form>
      ) : (
        <Link to="/me" className="btn btn-warning w-100">
          My Profile
        </Link>
      )}
    </AuthCard>
  );
}
