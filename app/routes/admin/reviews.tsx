import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { DataTable } from "~/components/DataTable";
import { REVIEW_SORTS } from "~/lib/admin-sorts";
import { parseTableQuery } from "~/lib/table-query";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { redirectWithSuccess } from "~/web/toast.server";
import { orRedirectWithError } from "~/web/errors.server";
import { requireAdmin } from "~/web/auth.server";
import { getProduct } from "~/models/products.server";
import { deleteReview, listReviewsPage } from "~/models/reviews.server";
import { readForm } from "~/web/forms.server";

export const handle: AdminHandle = { title: "Product Reviews" };
export const meta = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const productId = params.get("productId")?.trim() ?? "";
  const product = productId ? await getProduct(productId) : null;
  const query = parseTableQuery(params, REVIEW_SORTS, { sort: "createdAt", dir: "desc" });
  const page = product ? listReviewsPage(product.id, query) : { rows: [], total: 0 };
  return { productId, productName: product?.name ?? null, notFound: Boolean(productId && !product), query, ...page };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];
const column = createColumnHelper<Row>();
const columns = [
  column.accessor("id", { header: "Review ID" }),
  column.accessor("rating", { header: "Rating" }),
  column.accessor("comment", { header: "Comment" }),
  column.accessor("user", { header: "User" }),
  column.display({
    id: "actions",
    header: "Actions",
    cell: (c) => <DeleteReviewButton reviewId={c.row.original.id} />,
  }),
];

function DeleteReviewButton({ reviewId }: { reviewId: string }) {
  const { productId } = useLoaderData<typeof loader>();
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
  const productId = String(form.get("productId") ?? "");
  // Ids are short (cuid2); a longer value names no product and is not copied into the Location header.
  const back = productId.length <= 64 ? `/admin/reviews?productId=${encodeURIComponent(productId)}` : "/admin/reviews";
  await orRedirectWithError(back, () => deleteReview(String(form.get("reviewId") ?? ""), productId));
  return redirectWithSuccess(back, "Review deleted successfully");
}

export default function AdminReviews() {
  const { productId, productName, notFound, rows, total, query } = useLoaderData<typeof loader>();
  return (
    <>
      <Form method="get" className="d-flex gap-2 align-items-end mb-4" role="search" aria-label="Product">
        <div className="flex-grow-1">
          <label htmlFor="productId" className="form-label">
            Enter Product ID
          </label>
          <input id="productId" name="productId" className="form-control" defaultValue={productId} key={productId} required />
        </div>
        <button type="submit" className="btn btn-primary">
          SEARCH
        </button>
      </Form>
      {notFound ? <p className="alert alert-warning">No product has the id {productId}.</p> : null}
      {productName ? <h2 className="h5">{productName}</h2> : null}
      {productId && !notFound && total === 0 && !query.q ? <p className="lead">No Reviews.</p> : null}
      {productName && (total > 0 || query.q) ? (
        <DataTable columns={columns} data={rows} total={total} query={query} sortable={[...REVIEW_SORTS]} caption="Reviews" />
      ) : null}
    </>
  );
}
