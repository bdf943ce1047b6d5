import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/AuthCard";
import { FormAlert } from "~/components/form-fields";
import { pageMeta } from "~/lib/meta";
import { EMAIL_CONFIRMED, confirmEmail, emailProofLink } from "~/models/accounts";
import { requireUser } from "~/web/auth.server";
import { publicErrorToForm } from "~/web/errors.server";
import { redirectWithSuccess } from "~/web/toast.server";

// The link mailed to an account's new (or unconfirmed) address, followed signed in to that account
// (a visitor logs in first and comes back). Opening it changes nothing (mail scanners fetch links):
// the address is confirmed by the button's POST.

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Confirm E-mail", description: "Confirm your account's e-mail address.", noindex: true });

const CONFIRM_LOGIN = "Please log in to confirm your e-mail address.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, CONFIRM_LOGIN);
  return emailProofLink(params.token ?? "", user.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, CONFIRM_LOGIN);
  try {
    await confirmEmail(params.token ?? "", user.id);
  } catch (error) {
    return publicErrorToForm(error);
  }
  return redirectWithSuccess("/me", EMAIL_CONFIRMED);
}

export default function ConfirmEmail() {
  const { email, problem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
