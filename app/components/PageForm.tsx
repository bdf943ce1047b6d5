import { useActionData } from "@remix-run/react";
import { useEffect } from "react";
import { ValidatedForm } from "remix-validated-form";
import { pageValidator } from "~/lib/page-schema";
import { CheckboxField, FormAlert, SubmitButton, TextAreaField, TextField } from "./form-fields";
import { PictureField } from "./PictureField";

type Props = {
  defaultValues?: { title: string; slug: string; body: string; inFooter: boolean; position: number };
  formError?: string | null;
  submitLabel: string;
};

/** The admin's page form (create and update): a plain POST that works without JavaScript. */
export function PageForm({ defaultValues, formError, submitLabel }: Props) {
  const answer = useActionData<{ fieldErrors?: Record<string, string>; pictureBody?: string }>();
  const pictureBody = answer?.pictureBody;
  // With JavaScript the form stays as typed: the picture just stored goes into the text, and the
  // file is not sent again. (Without it, the page comes back with the text as the server made it.)
  useEffect(() => {
    const body = document.getElementById("body");
    const file = document.getElementById("picture");
    if (pictureBody === undefined || !(body instanceof HTMLTextAreaElement)) return;
    body.value = pictureBody;
    if (file instanceof HTMLInputElement) file.value = "";
  }, [pictureBody]);
  return (
    <ValidatedForm
      validator={pageValidator}
      method="post"
      encType="multipart/form-data"
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
        help="Markdown: # Heading, **bold**, *italic*, - list, [link](https://example.com). HTML is shown as text. Pictures come from the shop: add one below."
      />
      <fieldset className="mb-3 border rounded p-3">
        <legend className="form-label fs-6 float-none w-auto mb-0">Add a picture at the end of the text</legend>
        <PictureField name="picture" label="Picture" currentUrl={null} error={answer?.fieldErrors?.picture} />
        <TextField name="pictureText" label="What the picture shows (for people who cannot see it)" />
      </fieldset>
      <CheckboxField name="inFooter" label="Link it from the footer" />
      <TextField name="position" label="Order in the footer" type="number" min={0} max={999} step={1} />
      <SubmitButton className="btn btn-warning px-5">{submitLabel}</SubmitButton>
    </ValidatedForm>
  );
}
