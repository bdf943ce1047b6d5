import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/ConfirmDelete";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { deleteOrder, orderDeleteProblem } from "~/models/after-sales";
import { formatOrderNumber } from "~/lib/order-number";
import {
  deleteDiscount,
  getDiscount,
  deleteMethod,
  deleteTaxRate,
  deleteZone,
  getMethod,
  getTaxRate,
  getZone,
} from "~/models/pricing";
import { deleteProduct, getProduct } from "~/models/catalogue";
import { deleteUserByAdmin, getUserById, type User } from "~/models/accounts";
import { getOrder } from "~/models/orders";
import { deletePage, getPageById } from "~/models/content";
import { countryText } from "~/lib/shipping-rules";
import { countOf } from "~/lib/plural";
import { requireAdmin } from "~/web/auth.server";
import { notFound, orRedirectWithError } from "~/web/errors.server";
import { redirectWithSuccess } from "~/web/toast.server";
import { readForm } from "~/web/forms.server";

// /admin/{product,user,order,page,shipping-zone,shipping-method,tax-rate,discount}/:id/delete: the confirmation page before a deletion (a plain POST
// form, so it needs no script), and the deletion itself.
type Kind = {
  title: string;
  list: string;
  deleted: string;
  /** What the confirmation names, or undefined when the id names nothing. */
  describe: (id: string) => Promise<string | undefined>;
  remove: (admin: User, id: string) => Promise<void>;
  /** Where Cancel (and a refusal) lead, when not the list: the page the deletion was asked from. */
  back?: (id: string) => string;
  /** Why it cannot be deleted now (said instead of the question), or null. */
  refusal?: (id: string) => Promise<string | null>;
};

const KINDS: Record<string, Kind> = {
  product: {
    title: "Delete Product",
    list: "/admin/products",
    deleted: "Product deleted successfully",
    describe: async (id) => (await getProduct(id))?.name,
    remove: (_admin, id) => deleteProduct(id),
  },
  user: {
    title: "Delete User",
    list: "/admin/users",
    deleted: "User deleted successfully",
    describe: async (id) => {
      const user = await getUserById(id);
      return user && `the account ${user.email}`;
    },
    remove: (admin, id) => deleteUserByAdmin(admin, id),
  },
  page: {
    title: "Delete Page",
    list: "/admin/pages",
    deleted: "Page deleted",
    describe: async (id) => {
      const page = await getPageById(id);
      return page && `the page ${page.title}`;
    },
    remove: (_admin, id) => deletePage(id),
  },
  "shipping-zone": {
    title: "Delete Shipping Zone",
    list: "/admin/shipping",
    deleted: "Shipping zone deleted",
    describe: async (id) => {
      const zone = await getZone(id);
      return zone && `the zone ${zone.name} and its ${countOf(zone.methods.length, "method")}`;
    },
    remove: (_admin, id) => deleteZone(id),
  },
  "shipping-method": {
    title: "Delete Shipping Method",
    list: "/admin/shipping",
    deleted: "Shipping method deleted",
    describe: async (id) => {
      const method = await getMethod(id);
      return method && `the shipping method ${method.name}`;
    },
    remove: (_admin, id) => deleteMethod(id),
  },
  "tax-rate": {
    title: "Delete Tax Rate",
    list: "/admin/shipping",
    deleted: "Tax rate deleted",
    describe: async (id) => {
      const rate = await getTaxRate(id);
      return (
        rate && `the ${rate.name} rate of ${countryText(rate.country)}${rate.region === "*" ? "" : `, ${rate.region}`}`
      );
    },
    remove: (_admin, id) => deleteTaxRate(id),
  },
  discount: {
    title: "Delete Discount",
    list: "/admin/discounts",
    deleted: "Discount deleted",
    describe: async (id) => {
      const discount = await getDiscount(id);
      return discount && (discount.code ? `the code ${discount.code}` : `the promotion ${discount.name}`);
    },
    remove: (_admin, id) => deleteDiscount(id),
  },
  order: {
    title: "Delete Order",
    list: "/admin/orders",
    deleted: "Order deleted successfully",
    describe: async (id) => {
      const order = await getOrder(id);
      return order ? `order ${formatOrderNumber(order.orderNumber)}` : undefined;
    },
    remove: (_admin, id) => deleteOrder(id),
    back: (id) => `/admin/order/${encodeURIComponent(id)}`,
    refusal: async (id) => {
      const order = await getOrder(id);
      return order && orderDeleteProblem(order);
    },
  },
};

/** The kind and id the URL names; a 404 when either names nothing. */
async function target(params: LoaderFunctionArgs["params"]) {
  const kind = Object.hasOwn(KINDS, params.kind ?? "") ? KINDS[params.kind!] : undefined;
  const id = params.id ?? "";
  const what = kind && (await kind.describe(id));
  if (!kind || !what) throw notFound(kind ? `${kind.title.replace("Delete ", "")} not found` : undefined);
  return { kind, id, what };
}

export const handle: AdminHandle = { title: (data) => (data as { title?: string } | undefined)?.title ?? "Delete" };
export const meta = adminMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { kind, id, what } = await target(params);
  const refused = (await kind.refusal?.(id)) ?? null;
  return { title: kind.title, what, cancelTo: kind.back?.(id) ?? kind.list, refused };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  await readForm(request);
  const { kind, id } = await target(params);
  await orRedirectWithError(kind.back?.(id) ?? kind.list, () => kind.remove(admin, id));
  return redirectWithSuccess(kind.list, kind.deleted);
}

export default function AdminConfirmDelete() {
  const { what, cancelTo, refused } = useLoaderData<typeof loader>();
  return <ConfirmDelete what={what} cancelTo={cancelTo} refused={refused} />;
}
