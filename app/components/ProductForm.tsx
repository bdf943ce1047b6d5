import { Link } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { productFormValidator, type KeptImage } from "~/lib/product-schema";
import { useMoneyFormat } from "~/lib/use-money-format";
import { FormAlert, SelectField, SubmitButton, TextAreaField, TextField } from "./form-fields";
import { ImagePreviews } from "./ImagePreviews";

type Props = {
  defaultValues?: {
    name: string;
    price: string;
    description: string;
    category: string;
    stock: string;
    seller: string;
    weightGrams: string;
  };
  images: { id: string; url: string }[];
  /** Pictures stored for a refused submit, sent again with the next. */
  keptImages?: KeptImage[];
  /** The shop's categories, by name (admin → Categories). */
  categories: string[];
  formError?: string | null;
  submitLabel: string;
  /** The product's options and variants page (an existing product); `hasVariants`: price and stock are theirs. */
  variants?: { href: string; hasVariants: boolean };
};

/** The admin's product form (create and update): a multipart POST that works without JavaScript. */
export function ProductForm({
  defaultValues,
  images,
  keptImages,
  categories,
  formError,
  submitLabel,
  variants,
}: Props) {
  const fromVariants = variants?.hasVariants ? " (the lowest of its variants')" : "";
  const { locale } = useMoneyFormat();
  return (
    <ValidatedForm
      validator={productFormValidator(locale, !variants)}
      method="post"
      encType="multipart/form-data"
      // Form fields are strings; the validator turns them into numbers and a category.
      defaultValues={defaultValues as Record<string, string> | undefined}
      noValidate
    >
      <FormAlert message={formError} />
      <TextField name="name" label="Name" required />
      <TextField
        name="price"
        label={`Price${fromVariants}`}
        inputMode="decimal"
        required
        readOnly={variants?.hasVariants}
      />
      <TextAreaField name="description" label="Description" rows={6} required />
      <SelectField
        name="category"
        label="Category"
        options={categories}
        placeholder="Choose a category"
        required
        empty={
          <>
            No categories yet: <Link to="/admin/category">add one in Categories</Link>, then come back.
          </>
        }
      />
      <TextField
        name="stock"
        label={variants?.hasVariants ? "Stock (its variants' total)" : "Stock"}
        type="number"
        min={0}
        step={1}
        required
        readOnly={variants?.hasVariants}
      />
      {variants ? (
        <p className="mb-3">
          <Link to={variants.href}>
            {variants.hasVariants ? "Options and variants: prices, stock, SKUs" : "Add options (sizes, colours…)"}
          </Link>
        </p>
      ) : null}
      <TextField name="seller" label="Seller Name" required />
      <TextField
        name="weightGrams"
        label="Weight in grams (optional, for shipping by weight)"
        type="number"
        min={0}
        step={1}
      />
      <ImagePreviews current={images} kept={keptImages} replaces={images.length > 0} />
      <SubmitButton>{submitLabel}</SubmitButton>
    </ValidatedForm>
  );
}
