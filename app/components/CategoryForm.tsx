import { ValidatedForm } from "remix-validated-form";
import { categoryValidator } from "~/lib/category-schema";
import { CheckboxField, FormAlert, SubmitButton, TextField } from "./form-fields";
import { PictureField } from "./PictureField";

type Props = {
  defaultValues?: { name: string; slug: string; hidden: boolean };
  imageUrl: string | null;
  imageError?: string;
  formError?: string | null;
  submitLabel: string;
};

/** The admin's category form (create and update): a multipart POST that works without JavaScript. */
export function CategoryForm({ defaultValues, imageUrl, imageError, formError, submitLabel }: Props) {
  return (
    <ValidatedForm
      validator={categoryValidator}
      method="post"
      encType="multipart/form-data"
      defaultValues={defaultValues ?? { hidden: false }}
      noValidate
    >
      <FormAlert message={formError} />
      <TextField name="name" label="Name" required />
      <TextField name="slug" label="Address" aria-describedby="slug-help" />
      <div id="slug-help" className="form-text mb-3 mt-n2">
        The category&apos;s page is at /category/ followed by this (lower-case words and hyphens). Left empty, it is
        made from the name.
      </div>
      <PictureField name="image" label="Picture" currentUrl={imageUrl} error={imageError} removable />
      <CheckboxField name="hidden" label="Hide it from the storefront's lists (its products stay on sale)" />
      <SubmitButton className="btn btn-warning px-5">{submitLabel}</SubmitButton>
    </ValidatedForm>
  );
}
