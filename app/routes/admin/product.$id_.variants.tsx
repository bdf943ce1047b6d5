import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useField, ValidatedForm } from "remix-validated-form";
import { errorProps, FormAlert, SubmitButton, TextField } from "~/components/form-fields";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { MAX_OPTIONS, MAX_OPTION_VALUES, MAX_VARIANTS, combinations, variantTitle } from "~/lib/variants";
import { optionsValidator, variantsValidator } from "~/lib/variant-schema";
import { getProduct, saveOptions, saveVariants } from "~/models/catalogue";
import { getShopSettings } from "~/models/settings";
import { formatMoneyInput } from "~/lib/money-input";
import { useMoneyFormat } from "~/lib/use-money-format";
import { requireAdmin } from "~/web/auth.server";
import { notFound } from "~/web/errors.server";
import { readForm } from "~/web/forms.server";
import { redirectWithSuccess } from "~/web/toast.server";
import { saveValidatedForm } from "~/web/validated-form.server";

// /admin/product/:id/variants: a product's options (Memory: 8 GB, 16 GB) and the variants they
// make, each with its SKU, price, stock and picture. Two plain forms: the options first (saving
// them makes a variant of each new combination), then the variants' table.

export const handle: AdminHandle = { title: "Options and Variants" };
export const meta = adminMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const product = await getProduct(params.id ?? "");
  if (!product) throw notFound("Product not found");
  const { locale } = await getShopSettings();
  const byTitle = new Map(product.variants.map((v) => [v.title, v]));
  const rows = combinations(product.options).map((values) => {
    const title = variantTitle(values);
    const variant = byTitle.get(title);
    return {
      title,
      offered: variant ? "on" : "",
      sku: variant?.sku ?? "",
      // A combination not sold yet offers the product's lowest price and no stock.
      price: formatMoneyInput(variant?.priceCents ?? product.priceCents, locale),
      stock: String(variant?.stock ?? 0),
      image: variant?.imageUrl ?? "",
    };
  });
  return {
    product: { id: product.id, name: product.name, images: product.images.map((i) => i.url) },
    options: product.options,
    optionDefaults: {
      options: Array.from({ length: MAX_OPTIONS }, (_, i) => ({
        name: product.options[i]?.name ?? "",
        values: product.options[i]?.values.join(", ") ?? "",
      })),
    },
    variantDefaults: { variants: rows },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const form = await readForm(request);
  if (form.get("subaction") === "options") {
    const saved = await saveValidatedForm(request, optionsValidator, (options) => saveOptions(id, options), {
      form,
      subaction: "options",
    });
    return saved.response ?? redirectWithSuccess(`/admin/product/${id}/variants`, "Options saved: check each variant");
  }
  const product = await getProduct(id);
  if (!product) throw notFound("Product not found");
  const saved = await saveValidatedForm(
    request,
    variantsValidator(product.options, (await getShopSettings()).locale),
    (variants) => saveVariants(id, variants),
    { form, subaction: "variants" },
  );
  return saved.response ?? redirectWithSuccess(`/admin/product/${id}/variants`, "Variants saved");
}

export default function ProductVariants() {
  const { product, options, optionDefaults, variantDefaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failed = actionData && "subaction" in actionData ? actionData : null;
  const { locale } = useMoneyFormat();
  return (
    <div>
      <p>
        <Link to={`/admin/product/${product.id}`}>← Back to {product.name}</Link>
      </p>
      <section aria-labelledby="options-heading" className="col-xl-8 mb-5">
        <h2 id="options-heading" className="h4">
          Options
        </h2>
        <p className="form-text" id="options-help">
          Up to {MAX_OPTIONS} options, such as Memory or Colour, each with up to {MAX_OPTION_VALUES} values separated by
          commas (at most {MAX_VARIANTS} combinations). Saving makes a variant of each new combination, at the
          product&apos;s price with no stock yet, and deletes those whose combination is gone. Leave every row empty for
          a product without options.
        </p>
        <ValidatedForm
          validator={optionsValidator}
          subaction="options"
          method="post"
          defaultValues={optionDefaults}
          noValidate
        >
          <FormAlert message={failed?.subaction === "options" ? failed.formError : null} />
          {Array.from({ length: MAX_OPTIONS }, (_, i) => (
            <div key={i} className="row g-2">
              <div className="col-md-4">
                <TextField name={`options[${i}].name`} label={`Option ${i + 1}: name`} placeholder="Memory" />
              </div>
              <div className="col-md-8">
                <TextField
                  name={`options[${i}].values`}
                  label={`Option ${i + 1}: values, separated by commas`}
                  placeholder="8 GB, 16 GB"
                />
              </div>
            </div>
          ))}
          <SubmitButton className="btn btn-warning">Save options</SubmitButton>
        </ValidatedForm>
      </section>
      {options.length > 0 ? (
        <section aria-labelledby="variants-heading">
          <h2 id="variants-heading" className="h4">
            Variants
          </h2>
          <p className="form-text">
            Tick each combination you sell; one left unticked is not offered. The product&apos;s own price is the lowest
            of its variants&apos;, and its stock their total.
          </p>
          <ValidatedForm
            validator={variantsValidator(options, locale)}
            subaction="variants"
            method="post"
            defaultValues={variantDefaults}
            noValidate
          >
            <FormAlert message={failed?.subaction === "variants" ? failed.formError : null} />
            <VariantsError />
            <div className="table-responsive">
              <table className="table align-middle">
                <caption className="visually-hidden">The variants of {product.name}</caption>
                <thead>
                  <tr>
                    <th scope="col">Sold</th>
                    <th scope="col">SKU</th>
                    <th scope="col">Price</th>
                    <th scope="col">Stock</th>
                    <th scope="col">Picture</th>
                  </tr>
                </thead>
                <tbody>
                  {variantDefaults.variants.map((row, i) => (
                    <VariantRow key={row.title} index={i} title={row.title} images={product.images} />
                  ))}
                </tbody>
              </table>
            </div>
            <SubmitButton className="btn btn-warning">Save variants</SubmitButton>
          </ValidatedForm>
        </section>
      ) : null}
    </div>
  );
}

/** The message about the variants as a whole (none offered). */
function VariantsError() {
  const { error } = useField("variants");
  return error ? (
    <div className="alert alert-danger" role="alert">
      {error}
    </div>
  ) : null;
}

function VariantRow({ index, title, images }: { index: number; title: string; images: string[] }) {
  const at = `variants[${index}]`;
  const offered = useField(`${at}.offered`);
  return (
    <tr data-testid="variant-row">
      <th scope="row" className="fw-normal text-nowrap">
        <input type="hidden" name={`${at}.title`} value={title} />
        <div className="form-check">
          <input
            {...offered.getInputProps({ id: `${at}.offered`, type: "checkbox", value: "on" })}
            className="form-check-input"
          />
          <label className="form-check-label" htmlFor={`${at}.offered`}>
            {title}
          </label>
        </div>
      </th>
      <td>
        <CellInput name={`${at}.sku`} label={`SKU of ${title}`} />
      </td>
      <td>
        <CellInput name={`${at}.price`} label={`Price of ${title}`} inputMode="decimal" />
      </td>
      <td>
        <CellInput name={`${at}.stock`} label={`Stock of ${title}`} inputMode="numeric" />
      </td>
      <td>
        <PictureSelect name={`${at}.image`} label={`Picture of ${title}`} images={images} />
      </td>
    </tr>
  );
}

/** A field of the variants' table: labelled for screen readers (the column says what it is), its error below. */
function CellInput({ name, label, inputMode }: { name: string; label: string; inputMode?: "decimal" | "numeric" }) {
  const { error, getInputProps } = useField(name);
  return (
    <>
      <input
        {...getInputProps({ id: name, type: "text", inputMode })}
        aria-label={label}
        className={`form-control form-control-sm${error ? " is-invalid" : ""}`}
        style={{ minWidth: "6rem" }}
        {...errorProps(name, error)}
      />
      <CellError name={name} error={error} />
    </>
  );
}

function PictureSelect({ name, label, images }: { name: string; label: string; images: string[] }) {
  const { error, getInputProps } = useField(name);
  return (
    <>
      <select
        {...getInputProps({ id: name })}
        aria-label={label}
        className={`form-select form-select-sm${error ? " is-invalid" : ""}`}
        {...errorProps(name, error)}
      >
        <option value="">The product&apos;s first</option>
        {images.map((url, i) => (
          <option key={url} value={url}>
            Picture {i + 1}
          </option>
        ))}
      </select>
      <CellError name={name} error={error} />
    </>
  );
}

/** A cell's message, below its control (which is described by it). */
function CellError({ name, error }: { name: string; error?: string }) {
  return error ? (
    <div id={`${name}-error`} className="invalid-feedback">
      {error}
    </div>
  ) : null;
}
