import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminList } from "~/components/AdminList";
import { EditDeleteLinks } from "~/components/EditDeleteLinks";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { listPages } from "~/models/content";
import { requireAdmin } from "~/web/auth.server";

export const handle: AdminHandle = { title: "Pages" };
export const meta = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const pages = await listPages();
  return { pages: pages.map(({ id, title, slug, inFooter }) => ({ id, title, slug, inFooter })) };
}

export default function AdminPages() {
  const { pages } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminList newTo="/admin/page" newLabel="New page" isEmpty={pages.length === 0} empty="No pages yet.">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col" className="d-none d-md-table-cell">
              Address
            </th>
            <th scope="col" className="d-none d-md-table-cell">
              In the footer
            </th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {pages.map((page) => (
            <tr key={page.id}>
              <td className="text-break">
                <Link to={`/pages/${page.slug}`}>{page.title}</Link>
              </td>
              <td className="d-none d-md-table-cell text-break">/pages/{page.slug}</td>
              <td className="d-none d-md-table-cell">{page.inFooter ? "Yes" : "No"}</td>
              <td className="text-nowrap text-end">
                <EditDeleteLinks
                  editTo={`/admin/page/${page.id}`}
                  deleteTo={`/admin/page/${page.id}/delete`}
                  name={page.title}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </AdminList>
    </>
  );
}
