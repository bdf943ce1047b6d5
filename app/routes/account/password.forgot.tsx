import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { AuthCard } from "~/components/AuthCard";
import { FormAlert, SubmitButton, TextField } from "~/components/form-fields";
import { forgotPasswordValidator } from "~/lib/account-validators";
import { formFailure } from "~/web/form-response.server";
import { publicErrorToForm } from "~/web/errors.server";
import { pageMeta } from "~/lib/meta";
import { redirectWithSuccess } from "~/web/toast.server";
import { requestPasswordReset, resetRequestedMessage } from "~/models/accounts";
import { readForm } from "~/web/forms.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Forgot Password",
    description: "Get an e-mail with a link to choose a new password.",
    noindex: true,
  });

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const email = String(form.get("email") ?? "");
  const result = await forgotPasswordValidator.validate(form);
  if (result.error) return formFailure(400, result.error.fieldErrors, { email });
  try {
    await requestPasswordReset({ email: result.data.email, ip: context.clientIp });
  } catch (error) {
    return publicErrorToForm(error, { email });
  }
  return redirectWithSuccess("/", resetRequestedMessage(result.data.email));
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard title="Forgot Password">
      <FormAlert message={actionData?.formError} />
      <ValidatedForm validator={forgotPasswordValidator} method="post" noValidate>
        <TextField name="email" label="Enter Email" type="email" autoComplete="email" required />
        <SubmitButton>Send Email</SubmitButton>
      </ValidatedForm>
    </AuthCard>
  );
}
