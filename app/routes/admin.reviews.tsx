import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/components/AdminShell";
import { pageTitle } from "~/lib/meta";
import { PublicError } from "~/lib/public-error";
import { redirectWithError, redirectWithSuccess } from "~/lib/toast.server";
import { requireAdmin } from "~/models/auth.server";
import { getProduct } from "~/models/products.server";
import { deleteReview } from "~/models/reviews.server";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "Product Reviews");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const productId = new URL(request.url).searchParams.get("productId")?.trim() ?? "";
  const product = productId ? await getProduct(productId) : null;
  return {
    productId,
    productName: product?.name ?? null,
    notFound: Boolean(productId && !product),
    reviews: (product?.reviews ?? []).map((r) => ({ id: r.id, rating: r.rating, comment: r.comment, name: r.name })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const productId = String(form.get("productId") ?? "");
  const back = `/admin/reviews?productId=${encodeURIComponent(productId)}`;
  try {
    deleteReview(String(form.get("reviewId") ?? ""), productId);
  } catch (error) {
    if (error instanceof PublicError) return redirectWithError(back, error.message);
    throw error;
  }
  return redirectWithSuccess(back, "Review deleted successfully");
}

export default function AdminReviews() {
  const { productId, productName, notFound, reviews } = useLoaderData<typeof loader>();
  return (
    <AdminShell title="Product Reviews">
      <Form method="get" className="d-flex gap-2 align-items-end mb-4" role="search">
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
      {productId && !notFound && reviews.length === 0 ? <p className="lead">No Reviews.</p> : null}
      {reviews.length ? (
        <table className="table table-striped align-middle">
          <thead>
            <tr>
              <th scope="col">Review ID</th>
              <th scope="col">Rating</th>
              <th scope="col">Comment</th>
              <th scope="col">User</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {reviews.map((review) => (
              <tr key={review.id}>
                <td>{review.id}</td>
                <td>{review.rating}</td>
                <td>{review.comment}</td>
                <td>{review.name}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="reviewId" value={review.id} />
                    <input type="hidden" name="productId" value={productId} />
                    <button type="submit" className="btn btn-sm btn-danger" aria-label={`Delete review ${review.id}`}>
                      Delete
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </AdminShell>
  );
}
