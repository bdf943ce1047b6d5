import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { AuthCard } from "~/components/AuthCard";
import { AvatarField } from "~/components/PictureField";
import { CheckboxField, FormAlert, SubmitButton, TextField } from "~/components/form-fields";
import { profileValidator } from "~/lib/account-validators";
import { formFailure } from "~/web/form-response.server";
import { publicErrorToForm } from "~/web/errors.server";
import { pageMeta } from "~/lib/meta";
import { AVATAR_FILES, singleImage } from "~/web/multipart.server";
import { readForm } from "~/web/forms.server";
import { redirectWithSuccess } from "~/web/toast.server";
import { requireSignIn, requireUser } from "~/web/auth.server";
import { updateProfileWithAvatar, emailProofSentMessage } from "~/models/accounts";
import { DEFAULT_AVATAR_URL } from "~/lib/avatars";
import { cartRemindersOn } from "~/models/cart";

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Update Profile", description: "Change your name, e-mail or picture.", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    name: user.name,
    email: user.email,
    cartReminders: user.cartReminders,
    // The box shows only while the shop sends reminders.
    offerReminders: await cartRemindersOn(),
    avatarUrl: user.avatarUrl ?? DEFAULT_AVATAR_URL,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, session } = await requireSignIn(request);
  const form = await readForm(request, { files: AVATAR_FILES });
  const values = {
    name: String(form.get("name") ?? ""),
    email: String(form.get("email") ?? ""),
    cartReminders: form.get("cartReminders") === "on",
  };
  const result = await profileValidator.validate(form);
  if (result.error) return formFailure(400, result.error.fieldErrors, values);
  try {
    const updated = await updateProfileWithAvatar(
      user,
      {
        ...result.data,
        // An unticked box sends nothing: the shopper wants no reminders. Without the box (the shop
        // sends none), the choice made before stays.
        cartReminders: (await cartRemindersOn()) ? (result.data.cartReminders ?? false) : user.cartReminders,
        avatar: singleImage(form.getAll("avatar"), "avatar"),
      },
      session.id,
    );
    if (updated.email !== user.email)
      return redirectWithSuccess("/me", `User updated successfully. ${emailProofSentMessage(updated.email)}`);
  } catch (error) {
    return publicErrorToForm(error, values);
  }
  return redirectWithSuccess("/me", "User updated successfully");
}

export default function UpdateProfile() {
  const user = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard title="Update Profile">
      <FormAlert message={actionData?.formError} />
      <ValidatedForm
        validator={profileValidator}
        method="post"
        encType="multipart/form-data"
        defaultValues={{ name: user.name, email: user.email, cartReminders: user.cartReminders }}
        noValidate
      >
        <TextField name="name" label="Name" autoComplete="name" required />
        <TextField name="email" label="Email" type="email" autoComplete="email" required />
        <AvatarField currentUrl={user.avatarUrl} error={actionData?.fieldErrors?.avatar} />
        {user.offerReminders && <CheckboxField name="cartReminders" label="E-mail me a reminder of a cart I leave" />}
        <SubmitButton>Update</SubmitButton>
      </ValidatedForm>
    </AuthCard>
  );
}
