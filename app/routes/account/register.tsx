import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { AuthCard } from "~/components/AuthCard";
import { AvatarField } from "~/components/PictureField";
import { FormAlert, SubmitButton, TextField } from "~/components/form-fields";
import { AuthFooter } from "~/components/GoogleButton";
import { config } from "~/config.server";
import { registerValidator } from "~/lib/account-validators";
import { formFailure, withoutPasswords } from "~/web/form-response.server";
import { publicErrorToForm } from "~/web/errors.server";
import { pageMeta } from "~/lib/meta";
import { AVATAR_FILES, singleImage } from "~/web/multipart.server";
import { readForm } from "~/web/forms.server";
import { getOptionalUser } from "~/web/auth.server";
import { registrationRequestedMessage, requestRegistration } from "~/models/accounts";
import { DEFAULT_AVATAR_URL } from "~/lib/avatars";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Register User",
    description: "Create an account to buy, follow your orders and write reviews.",
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOptionalUser(request)) throw redirect("/");
  return { googleEnabled: Boolean(config.google) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, { files: AVATAR_FILES });
  const result = await registerValidator.validate(form);
  const values = withoutPasswords(Object.fromEntries([...form].filter(([key]) => key !== "avatar")));
  if (result.error) return formFailure(400, result.error.fieldErrors, values);
  try {
    await requestRegistration({
      ...result.data,
      avatar: singleImage(form.getAll("avatar"), "avatar"),
      ip: context.clientIp,
    });
  } catch (error) {
    return publicErrorToForm(error, values);
  }
  // The same answer whether or not the e-mail has an account (issue 23): the link mailed to it
  // makes the account (register_.confirm.$token.tsx).
  return { sent: registrationRequestedMessage(result.data.email) };
}

export default function Register() {
  const { googleEnabled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (actionData && "sent" in actionData)
    return (
      <AuthCard title="Register">
        <p className="alert alert-success" role="status">
          {actionData.sent}
        </p>
        <p>The link works once, for 24 hours. No mail? Check the spam folder, or register again.</p>
      </AuthCard>
    );
  return (
    <AuthCard title="Register">
      <FormAlert message={actionData?.formError} />
      <ValidatedForm validator={registerValidator} method="post" encType="multipart/form-data" noValidate>
        <TextField name="name" label="Name" autoComplete="name" required />
        <TextField name="email" label="Email" type="email" autoComplete="email" required />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
        />
        <AvatarField currentUrl={DEFAULT_AVATAR_URL} error={actionData?.fieldErrors?.avatar} />
        <SubmitButton>Register</SubmitButton>
      </ValidatedForm>
      <AuthFooter googleEnabled={googleEnabled} to="/lgn" label="Already registered? Log in" />
    </AuthCard>
  );
}
