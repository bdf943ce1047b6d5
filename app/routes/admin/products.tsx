import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { DataTable, WIDE_ONLY } from "~/components/DataTable";
import { ShortId } from "~/components/ShortId";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { Money } from "~/components/Money";
import { CurrencySign } from "~/components/CurrencySign";
import { parseTableQuery } from "~/lib/table-query";
import { PRODUCT_SORTS } from "~/lib/admin-sorts";
import { LOW_STOCK_THRESHOLD, parseStockFilter } from "~/lib/stock";
import { countOf } from "~/lib/plural";
import { listProductsPage } from "~/models/catalogue";
import { WITHOUT_WEIGHT } from "~/lib/shipping-rules";
import { requireAdmin } from "~/web/auth.server";

export const handle: AdminHandle = { title: "All Products" };
export const meta = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = parseTableQuery(params, PRODUCT_SORTS, { sort: "createdAt", dir: "desc" });
  const stock = parseStockFilter(params.get("stock"));
  const weight = params.get("weight") === WITHOUT_WEIGHT ? WITHOUT_WEIGHT : "";
  return { ...(await listProductsPage(query, stock, weight !== "")), query, stock: stock ?? "", weight };
}

/** The bulk deletion's form (a GET to the confirmation page); the rows' checkboxes belong to it. */
const BULK_FORM = "bulk-delete";

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];
const column = createColumnHelper<Row>();
const columns = [
  column.display({
    id: "select",
    header: () => <span className="visually-hidden">Select</span>,
    cell: (c) => (
      <input
        type="checkbox"
        className="form-check-input"
        name="ids"
        value={c.row.original.id}
        form={BULK_FORM}
        aria-label={`Select ${c.row.original.name}`}
      />
    ),
  }),
  column.accessor("thumbnail", {
    header: () => <span className="visually-hidden">Picture</span>,
    cell: (c) => {
      const url = c.getValue();
      return url ? (
        <img
          src={url}
          alt={c.row.original.name}
          width={48}
          height={36}
          loading="lazy"
          className="object-fit-cover rounded"
        />
      ) : null;
    },
    meta: WIDE_ONLY,
  }),
  column.accessor("id", { header: "ID", cell: (c) => <ShortId id={c.getValue()} />, meta: WIDE_ONLY }),
  column.accessor("name", { header: "Name" }),
  column.accessor("category", { header: "Category", meta: WIDE_ONLY }),
  column.accessor("priceCents", {
    id: "price",
    header: () => (
      <>
        Price (<CurrencySign />)
      </>
    ),
    cell: (c) => <Money cents={c.getValue()} />,
    meta: WIDE_ONLY,
  }),
  column.accessor("stock", {
    header: "Stock",
    cell: (c) => {
      const { variantsOut, variantsLow } = c.row.original;
      const notes = [
        variantsOut ? `${countOf(variantsOut, "variant")} out of stock` : "",
        variantsLow ? `${countOf(variantsLow, "variant")} low` : "",
      ].filter(Boolean);
      return (
        <>
          {c.getValue()}
          {notes.length ? <div className="small text-body-secondary">{notes.join(", ")}</div> : null}
        </>
      );
    },
  }),
  column.display({
    id: "actions",
    header: "Actions",
    cell: (c) => (
      <div className="d-flex flex-wrap gap-2">
        <Link
          to={`/admin/product/${c.row.original.id}`}
          className="btn btn-sm btn-primary"
          aria-label={`Edit ${c.row.original.name}`}
        >
          Edit
        </Link>
        <Link
          to={`/admin/product/${c.row.original.id}/delete`}
          className="btn btn-sm btn-danger"
          aria-label={`Delete ${c.row.original.name}`}
        >
          Delete
        </Link>
      </div>
    ),
  }),
];

const STOCK_OPTIONS = [
  { value: "", label: "All" },
  { value: "low", label: `Low (${LOW_STOCK_THRESHOLD} or fewer)` },
  { value: "out", label: "Out of stock" },
];

const WEIGHT_OPTIONS = [
  { value: "", label: "All" },
  { value: WITHOUT_WEIGHT, label: "Without a weight" },
];

export default function AdminProducts() {
  const { rows, total, query, stock, weight } = useLoaderData<typeof loader>();
  return (
    <DataTable
      columns={columns}
      data={rows}
      total={total}
      query={query}
      sortable={[...PRODUCT_SORTS]}
      caption="Products"
      filters={[
        { name: "stock", label: "Stock", value: stock, options: STOCK_OPTIONS },
        { name: "weight", label: "Weight", value: weight, options: WEIGHT_OPTIONS },
      ]}
    >
      <Form method="get" action="/admin/products/delete" id={BULK_FORM} className="mb-2">
        <button type="submit" className="btn btn-sm btn-outline-danger">
          Delete selected
        </button>
      </Form>
    </DataTable>
  );
}
