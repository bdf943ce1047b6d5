import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";
import { getShopSettings } from "~/models/settings";
import { shownPage } from "~/models/content";
import { notFound } from "~/web/errors.server";

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data?.page.title ?? "Page",
    description: args.data?.description ?? "",
  });

export async function loader({ params }: LoaderFunctionArgs) {
  const [page, settings] = await Promise.all([shownPage(params.slug ?? ""), getShopSettings()]);
  if (!page) throw notFound("There is no such page.");
  // The contact page shows the shop's contact details (admin → Settings) under the owner's text.
  const contact = page.slug === "contact" ? { email: settings.contactEmail, address: settings.contactAddress } : null;
  const description = page.html
    .replace(/<[^>]+>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 160);
  return { page: { title: page.title, html: page.html }, contact, description };
}

export default function ShopPage() {
  const { page, contact } = useLoaderData<typeof loader>();
  return (
    <article className="col-lg-8 shop-page">
      <h1 className="h2 mb-4">{page.title}</h1>
      {/* The owner's Markdown, rendered on the server with raw HTML off and unsafe links removed (app/lib/markdown.ts). */}
      <div className="page-text" data-testid="page-text" dangerouslySetInnerHTML={{ __html: page.html }} />
      {contact && (contact.email || contact.address) ? (
        <address className="mt-4" data-testid="contact-details">
          {contact.address ? <p className="mb-2 white-space-pre-line">{contact.address}</p> : null}
          {contact.email ? (
            <p>
              E-mail: <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </p>
          ) : null}
        </address>
      ) : null}
    </article>
  );
}
