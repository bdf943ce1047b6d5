import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { FormAlert, SelectField, SubmitButton, TextField } from "~/components/form-fields";
import { ROLES } from "~/lib/roles";
import { adminUserValidator } from "~/lib/account-validators";
import { formFailure } from "~/web/form-response.server";
import { notFound, publicErrorToForm } from "~/web/errors.server";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { redirectWithSuccess } from "~/web/toast.server";
import { updateUserByAdmin, getUserById } from "~/models/accounts";
import { requireAdmin } from "~/web/auth.server";
import { readForm } from "~/web/forms.server";

export const handle: AdminHandle = { title: "Update User" };
export const meta = adminMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const user = await getUserById(params.id ?? "");
  if (!user) throw notFound("User not found");
  return { user: { name: user.name, email: user.email, role: user.role } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const values = Object.fromEntries(form);
  const result = await adminUserValidator.validate(form);
  if (result.error) return formFailure(400, result.error.fieldErrors, values);
  try {
    await updateUserByAdmin(admin, params.id ?? "", result.data);
  } catch (error) {
    return publicErrorToForm(error, values);
  }
  return redirectWithSuccess("/admin/users", "User updated successfully");
}

export default function AdminUpdateUser() {
  const { user } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="col-lg-6">
      <FormAlert message={actionData?.formError} />
      <ValidatedForm validator={adminUserValidator} method="post" defaultValues={user} noValidate>
        <TextField name="name" label="Name" required />
        <TextField name="email" label="Email" type="email" required />
        <SelectField name="role" label="Role" options={[...ROLES]} placeholder="Choose a role" required />
        <SubmitButton>Update</SubmitButton>
      </ValidatedForm>
    </div>
  );
}
