import { ValidatedForm } from "remix-validated-form";
import { pageValidator } from "~/lib/page-schema";
import { CheckboxField, FormAlert, SubmitButton, TextAreaField, TextField } from "./form-fields";

type Props = {
  defaultValues?: { title: string; slug: string; body: string; inFooter: boolean; position: number };
  formError?: string | null;
  submitLabel: string;
};

/** The admin's page form (create and update): a plain POST that works without JavaScript. */
export function PageForm({ defaultValues, formError, submitLabel }: Props) {
  return (
    <ValidatedForm
      validator={pageValidator}
      method="post"
      defaultValues={defaultValues ?? { inFooter: true, position: 0 }}
      noValidate
    >
      <FormAlert message={formError} />
      <TextField name="title" label="Title" required />
      <TextField name="slug" label="Address" aria-describedby="slug-help" />
      <div id="slug-help" className="form-text mb-3 mt-n2">
        The page is at /pages/ followed by this (lower-case words and hyphens). Left empty, it is made from the title.
      </div>
      <TextAreaField
        name="body"
        label="Text"
        rows={16}
        required
        help="Markdown: # Heading, **bold**, *italic*, - list, [link](https://example.com). HTML is shown as text."
      />
      <CheckboxField name="inFooter" label="Link it from the footer" />
      <TextField name="position" label="Order in the footer" type="number" min={0} max={999} step={1} />
      <SubmitButton className="btn btn-warning px-5">{submitLabel}</SubmitButton>
    </ValidatedForm>
  );
}
