import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthorizationError } from "remix-auth";
import { ValidatedForm } from "remix-validated-form";
import { AuthCard } from "~/components/AuthCard";
import { FormAlert, SubmitButton, TextField } from "~/components/form-fields";
import { AuthFooter } from "~/components/GoogleButton";
import { config } from "~/config.server";
import { loginValidator } from "~/lib/account-validators";
import { formFailure } from "~/web/form-response.server";
import { publicErrorToForm } from "~/web/errors.server";
import { pageMeta } from "~/lib/meta";
import { authenticator, getOptionalUser, signInAndRedirect } from "~/web/auth.server";
import { safeRedirect } from "~/web/safe-redirect.server";
import { readForm } from "~/web/forms.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Login",
    description: "Sign in to buy, follow your orders and write reviews.",
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOptionalUser(request)) throw redirect("/");
  // Shown only when it will be followed (signInAndRedirect checks it again on the way out).
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  return { redirectTo, googleEnabled: Boolean(config.google) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request.clone());
  const result = await loginValidator.validate(form);
  const email = String(form.get("email") ?? "").trim();
  if (result.error) return formFailure(400, result.error.fieldErrors, { email });

  try {
    const user = await authenticator.authenticate("form", request, { context });
    return signInAndRedirect(request, context.clientIp, user, form.get("redirectTo"));
  } catch (error) {
    // remix-auth wraps what the strategy threw.
    return publicErrorToForm(error instanceof AuthorizationError && error.cause ? error.cause : error, { email });
  }
}

export default function Login() {
  const { redirectTo, googleEnabled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard title="Login">
      <FormAlert message={actionData?.formError} />
      <ValidatedForm validator={loginValidator} method="post" noValidate>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <TextField name="email" label="Email" type="email" autoComplete="email" required />
        <TextField name="password" label="Password" type="password" autoComplete="current-password" required />
        <div className="text-end mb-3">
          <Link to="/password/forgot">Forgot Password?</Link>
        </div>
        <SubmitButton>Log in</SubmitButton>
      </ValidatedForm>
      <AuthFooter googleEnabled={googleEnabled} to="/register" label="New User?" />
    </AuthCard>
  );
}
