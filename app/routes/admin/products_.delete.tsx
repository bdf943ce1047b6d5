import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/ConfirmDelete";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { countOf } from "~/lib/plural";
import { deleteProducts, productsByIds } from "~/models/catalogue";
import { requireAdmin } from "~/web/auth.server";
import { readForm } from "~/web/forms.server";
import { redirectWithError, redirectWithSuccess } from "~/web/toast.server";

// /admin/products/delete?ids=…: the confirmation page of a bulk deletion, listing the products
// picked in the list (a GET form), and the deletion itself (one POST).
export const handle: AdminHandle = { title: "Delete Products" };
export const meta = adminMeta;

const LIST = "/admin/products";
const NONE_PICKED = "Select the products to delete";
/** Ids are short (app/db/ids.ts): anything longer names no product. At most a page of the list (100 rows). */
const idsOf = (values: FormDataEntryValue[]) =>
  values
    .map(String)
    .filter((id) => id.length <= 64)
    .slice(0, 100);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const products = await productsByIds(idsOf(new URL(request.url).searchParams.getAll("ids")));
  if (products.length === 0) throw await redirectWithError(LIST, NONE_PICKED);
  return { products };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const ids = idsOf((await readForm(request)).getAll("ids"));
  if (ids.length === 0) return redirectWithError(LIST, NONE_PICKED);
  const { deleted, missing } = await deleteProducts(ids);
  if (deleted.length === 0) return redirectWithError(LIST, "None of these products exists any more");
  const note = missing.length ? ` (${missing.length} already gone)` : "";
  return redirectWithSuccess(LIST, `${countOf(deleted.length, "product")} deleted${note}`);
}

export default function ConfirmDeleteProducts() {
  const { products } = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete
      what={products.length === 1 ? "this product" : `these ${countOf(products.length, "product")}`}
      cancelTo={LIST}
      items={products.map((p) => p.name)}
    >
      {products.map((p) => (
        <input key={p.id} type="hidden" name="ids" value={p.id} />
      ))}
    </ConfirmDelete>
  );
}
