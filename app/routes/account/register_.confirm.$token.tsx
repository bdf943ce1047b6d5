import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/AuthCard";
import { FormAlert } from "~/components/form-fields";
import { pageMeta } from "~/lib/meta";
import { finishRegistration, registrationLink } from "~/models/accounts";
import { signInAndRedirect } from "~/web/auth.server";
import { publicErrorToForm } from "~/web/errors.server";

// The link mailed by a registration from the page. Opening it changes nothing (mail scanners fetch
// links): the account is made by the button's POST, which signs in and goes home as the
// specification's registration does.

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Finish Registering", description: "Make the account you registered.", noindex: true });

export async function loader({ params }: LoaderFunctionArgs) {
  return registrationLink(params.token ?? "");
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  try {
    const user = await finishRegistration(params.token ?? "");
    return signInAndRedirect(request, context.clientIp, user, "/", "Registered successfully");
  } catch (error) {
    return publicErrorToForm(error);
  }
}

export default function FinishRegistering() {
  const { email, problem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // An address registered meanwhile comes back as the e-mail field's error: there is no field here.
  const failure = actionData ? (actionData.formError ?? Object.values(actionData.fieldErrors)[0]) : undefined;
  const message = failure ?? problem;
  return (
    <AuthCard title="Finish Registering">
      <FormAlert message={message} />
      {email && !failure ? (
        <Form method="post">
          <p>{`Make the account for ${email}?`}</p>
          <button type="submit" className="btn btn-warning w-100">
            Create my account
          </button>
        </Form>
      ) : (
        <Link to="/register" className="btn btn-warning w-100">
          Register again
        </Link>
      )}
    </AuthCard>
  );
}
