import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { AuthCard } from "~/components/AuthCard";
import { CheckboxField, FormAlert, SubmitButton, TextField } from "~/components/form-fields";
import { resetPasswordValidator } from "~/lib/account-validators";
import { formFailure } from "~/web/form-response.server";
import { publicErrorToForm } from "~/web/errors.server";
import { pageMeta } from "~/lib/meta";
import { redirectWithSuccess } from "~/web/toast.server";
import { resetPassword, resetTokenProblem } from "~/models/accounts";
import { readForm } from "~/web/forms.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "New Password Reset",
    description: "Choose a new password for your account.",
    noindex: true,
  });

export async function loader({ params }: LoaderFunctionArgs) {
  return { problem: await resetTokenProblem(params.token ?? "") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const result = await resetPasswordValidator.validate(await readForm(request));
  if (result.error) return formFailure(400, result.error.fieldErrors);
  try {
    await resetPassword(params.token ?? "", result.data);
  } catch (error) {
    return publicErrorToForm(error);
  }
  // Every session ended with the reset (this browser's too): the next step is logging in.
  return redirectWithSuccess("/lgn", "Password updated successfully. You can log in with the new password.");
}

export default function NewPassword() {
  const { problem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const message = actionData?.formError ?? problem;
  return (
    <AuthCard title="New Password">
      <FormAlert message={message} />
      {problem ? (
        <Link to="/password/forgot" className="btn btn-warning w-100">
          Ask for a new link
        </Link>
      ) : (
        <ValidatedForm validator={resetPasswordValidator} method="post" noValidate>
          <TextField
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
          />
          <TextField
            name="confirmPassword"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            required
          />
          <CheckboxField name="logoutOtherDevices" label="Log me out of other devices" />
          <SubmitButton>Set Password</SubmitButton>
        </ValidatedForm>
      )}
    </AuthCard>
  );
}
