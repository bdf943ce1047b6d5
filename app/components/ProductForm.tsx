import { ValidatedForm, useField } from "remix-validated-form";
import { CATEGORIES } from "~/lib/categories";
import { productValidator } from "~/lib/product-schema";
import { FormAlert, SelectField, SubmitButton, TextField } from "./form-fields";

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
      <div className="mb-3">
        <label htmlFor="images" className="form-label">
          Images
        </label>
        <input
          id="images"
          name="images"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          className={`form-control${imagesError ? " is-invalid" : ""}`}
          aria-describedby="images-help"
        />
        <div id="images-help" className="form-text">
          JPEG, PNG or WebP, at most 10 MB each.{images.length ? " New images replace the current ones." : ""}
        </div>
        {imagesError ? <div className="invalid-feedback d-block">{imagesError}</div> : null}
        {images.length ? (
          <div className="d-flex flex-wrap gap-2 mt-2" data-testid="current-images">
            {images.map((image) => (
              <img key={image.id} src={image.url} alt="Current product" width={55} height={52} className="border rounded object-fit-cover" />
            ))}
          </div>
        ) : null}
      </div>
      <SubmitButton>{submitLabel}</SubmitButton>
    </ValidatedForm>
  );
}
