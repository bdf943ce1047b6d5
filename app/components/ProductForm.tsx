import { ValidatedForm, useField } from "remix-validated-form";
import { CATEGORIES } from "~/lib/categories";
import { productValidator } from "~/lib/product-schema";
import { FormAlert, SelectField, SubmitButton, TextField } from "./form-fields";
import { ImagePreviews } from "./ImagePreviews";

type Props = {
  defaultValues?: { name: string; price: string; description: string; category: string; stock: string; seller: string };
  images: { id: string; url: string }[];
  imagesError?: string;
  formError?: string | null;
  submitLabel: string;
};

function Description() {
  const { error, getInputProps } = useField("description");
  return (
    <div className="mb-3">
      <label htmlFor="description" className="form-label">
        Description
      </label>
      <textarea
        {...getInputProps({ id: "description", rows: 6 })}
        className={`form-control${error ? " is-invalid" : ""}`}
        aria-invalid={error ? true : undefined}
      />
      {error ? <div className="invalid-feedback">{error}</div> : null}
    </div>
  );
}

/** The admin's product form (create and update): a multipart POST that works without JavaScript. */
export function ProductForm({ defaultValues, images, imagesError, formError, submitLabel }: Props) {
  return (
    <ValidatedForm
      validator={productValidator}
      method="post"
      encType="multipart/form-data"
      // Form fields are strings; the validator turns them into numbers and a category.
      defaultValues={defaultValues as Record<string, string> | undefined}
      noValidate
    >
      <FormAlert message={formError} />
      <TextField name="name" label="Name" required />
      <TextField name="price" label="Price" inputMode="decimal" required />
      <Description />
      <SelectField name="category" label="Category" options={[...CATEGORIES]} placeholder="Choose a category" />
      <TextField name="stock" label="Stock" type="number" min={0} step={1} required />
      <TextField name="seller" label="Seller Name" required />
      <ImagePreviews current={images} error={imagesError} replaces={images.length > 0} />
      <SubmitButton>{submitLabel}</SubmitButton>
    </ValidatedForm>
  );
}
