import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { DataTable, WIDE_ONLY } from "~/components/DataTable";
import { ShortId } from "~/components/ShortId";
import { REVIEW_SORTS } from "~/lib/admin-sorts";
import { parseTableQuery } from "~/lib/table-query";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { redirectWithSuccess } from "~/web/toast.server";
import { orRedirectWithError } from "~/web/errors.server";
import { requireAdmin } from "~/web/auth.server";
import { getProduct, deleteReview, listReviewsPage, reviewedProducts } from "~/models/catalogue";
import { readForm } from "~/web/forms.server";
import { ShopDate } from "~/components/ShopDate";

export const handle: AdminHandle = { title: "Product Reviews" };
export const meta = adminMeta;

const DEFAULT_SORT = { sort: "createdAt", dir: "desc" } as const;

/** The product filter of the list: ids are short (app/db/ids.ts); a longer value names no product. */
const productFilter = (params: URLSearchParams) => {
  const id = params.get("productId")?.trim() ?? "";
  return id.length <= 64 ? id : "";
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const productId = productFilter(params);
  const product = productId ? await getProduct(productId) : null;
  const query = parseTableQuery(params, REVIEW_SORTS, DEFAULT_SORT);
  const page = productId && !product ? { rows: [], total: 0 } : await listReviewsPage(query, product?.id);
  const products = await reviewedProducts();
  if (product && !products.some((p) => p.id === product.id)) products.unshift({ id: product.id, name: product.name });
  return {
    productId,
    productName: product?.name ?? null,
    notFound: Boolean(productId && !product),
    products,
    query,
    ...page,
  };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];
const column = createColumnHelper<Row>();
const columns = [
  column.accessor("id", { header: "Review ID", cell: (c) => <ShortId id={c.getValue()} />, meta: WIDE_ONLY }),
  column.accessor("product", {
    header: "Product",
    cell: (c) => <Link to={`/admin/reviews?productId=${c.row.original.productId}`}>{c.getValue()}</Link>,
  }),
  column.accessor("rating", { header: "Rating" }),
  column.accessor("comment", { header: "Comment", meta: WIDE_ONLY }),
  column.accessor("user", { header: "User" }),
  column.accessor("createdAt", {
    header: "Date",
    cell: (c) => <ShopDate at={c.getValue()} />,
    meta: WIDE_ONLY,
  }),
  column.display({
    id: "actions",
    header: "Actions",
    cell: (c) => <DeleteReviewButton reviewId={c.row.original.id} productId={c.row.original.productId} />,
  }),
];

// Posts to the list's own URL (its query included), so the action sends the admin back to the same page.
function DeleteReviewButton({ reviewId, productId }: { reviewId: string; productId: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="reviewId" value={reviewId} />
      <input type="hidden" name="productId" value={productId} />
      <button type="submit" className="btn btn-sm btn-danger" aria-label={`Delete review ${reviewId}`}>
        Delete
      </button>
    </Form>
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await readForm(request);
  const params = new URL(request.url).searchParams;
  const query = parseTableQuery(params, REVIEW_SORTS, DEFAULT_SORT);
  const productId = productFilter(params);
  const back = `/admin/reviews?${new URLSearchParams({ ...(productId ? { productId } : {}), q: query.q, sort: query.sort, dir: query.dir, page: String(query.page), size: String(query.size) })}`;
  await orRedirectWithError(back, () =>
    deleteReview(String(form.get("reviewId") ?? ""), String(form.get("productId") ?? "")),
  );
  return redirectWithSuccess(back, "Review deleted successfully");
}

export default function AdminReviews() {
  const { productId, productName, notFound, products, rows, total, query } = useLoaderData<typeof loader>();
  const filters = [
    {
      name: "productId",
      label: "Product",
      value: productName ? productId : "",
      options: [{ value: "", label: "All products" }, ...products.map((p) => ({ value: p.id, label: p.name }))],
    },
  ];
  return (
    <>
      {notFound ? <p className="alert alert-warning">No product has the id {productId}.</p> : null}
      {productName ? <h2 className="h5">{productName}</h2> : null}
      {productName && total === 0 && !query.q ? <p className="lead">This product has no reviews yet.</p> : null}
      <DataTable
        columns={columns}
        data={rows}
        total={total}
        query={query}
        sortable={[...REVIEW_SORTS]}
        caption="Reviews"
        filters={filters}
      />
    </>
  );
}
