import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { AuthCard } from "~/components/AuthCard";
import { CheckboxField, FormAlert, SubmitButton, TextField } from "~/components/form-fields";
import { passwordChangeValidator } from "~/lib/account-validators";
import { formFailure } from "~/web/form-response.server";
import { publicErrorToForm } from "~/web/errors.server";
import { pageMeta } from "~/lib/meta";
import { redirectWithSuccess } from "~/web/toast.server";
import { requireSignIn, startUserSession } from "~/web/auth.server";
import { PASSWORD_UPDATED, changePassword } from "~/models/accounts";
import { readForm } from "~/web/forms.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Change Password", description: "Change the password of your account.", noindex: true });

async function requirePasswordUser(request: Request) {
  const signIn = await requireSignIn(request);
  if (signIn.user.googleSignIn)
    throw new Response("Accounts that sign in with Google have no password to change.", { status: 403 });
  return signIn;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePasswordUser(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, session } = await requirePasswordUser(request);
  const result = await passwordChangeValidator.validate(await readForm(request));
  if (result.error) return formFailure(400, result.error.fieldErrors);
  try {
    await changePassword(user, result.data, session.id);
    // This browser stays signed in, on a renewed session; with "log out other devices" every other one ends.
    const { cookie } = await startUserSession(request, user, context.clientIp);
    return redirectWithSuccess("/me", PASSWORD_UPDATED, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    return publicErrorToForm(error);
  }
}

export default function UpdatePassword() {
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard title="Update Password">
      <FormAlert message={actionData?.formError} />
      <ValidatedForm validator={passwordChangeValidator} method="post" noValidate>
        <TextField
          name="currentPassword"
          label="Old Password"
          type="password"
          autoComplete="current-password"
          required
        />
        <TextField
          name="newPassword"
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
        />
        <TextField
          name="confirmNewPassword"
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          required
        />
        <CheckboxField name="logoutOtherDevices" label="Log out other devices" />
        <SubmitButton>Update password</SubmitButton>
      </ValidatedForm>
    </AuthCard>
  );
}
