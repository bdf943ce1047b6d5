import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminList } from "~/components/AdminList";
import { EditDeleteLinks } from "~/components/EditDeleteLinks";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { percentOf } from "~/lib/pricing";
import { countryText, describeRate, EVERYWHERE } from "~/lib/shipping-rules";
import { useMoney } from "~/lib/use-money";
import { pricingRules } from "~/models/pricing";
import { getShopSettings } from "~/models/settings";
import { countProductsWithoutWeight } from "~/models/catalogue";
import { UnweighedWarning } from "~/components/UnweighedWarning";
import { requireAdmin } from "~/web/auth.server";

export const handle: AdminHandle = { title: "Shipping and tax" };
export const meta = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [rules, settings] = await Promise.all([pricingRules(), getShopSettings()]);
  const byWeight = rules.zones.some((zone) => zone.methods.some((method) => method.kind === "weight"));
  return {
    zones: rules.zones,
    taxRates: rules.taxRates,
    pricesIncludeTax: settings.pricesIncludeTax,
    unweighed: byWeight ? await countProductsWithoutWeight() : 0,
  };
}

export default function AdminShipping() {
  const { zones, taxRates, pricesIncludeTax, unweighed } = useLoaderData<typeof loader>();
  const formatMoney = useMoney();
  const shipsEverywhere = zones.some((zone) => zone.countries.includes(EVERYWHERE));
  return (
    <>
      <h2 className="h4">Shipping zones</h2>
      <UnweighedWarning count={unweighed} />
      <p className="text-muted">
        A zone is a set of countries and the methods shoppers there choose from.{" "}
        {shipsEverywhere
          ? "Countries no zone names are shipped to by the zone for every other country."
          : "The shop does not ship to countries no zone names: shoppers there are told so before they pay."}
      </p>
      <p>
        <Link to="/admin/shipping-zone/new" className="btn btn-warning me-2">
          New zone
        </Link>
        {zones.length > 0 ? (
          <Link to="/admin/shipping-method/new" className="btn btn-outline-secondary">
            New method
          </Link>
        ) : null}
      </p>
      {zones.map((zone) => (
        <section key={zone.id} className="card card-body mb-3" aria-labelledby={`zone-${zone.id}`}>
          <div className="d-flex flex-wrap justify-content-between gap-2">
            <h3 className="h5 mb-1" id={`zone-${zone.id}`}>
              {zone.name}
            </h3>
            <div className="text-nowrap">
              <EditDeleteLinks
                editTo={`/admin/shipping-zone/${zone.id}`}
                deleteTo={`/admin/shipping-zone/${zone.id}/delete`}
                name={`the zone ${zone.name}`}
              />
            </div>
          </div>
          <p className="small text-muted text-break">{zone.countries.map(countryText).join(", ")}</p>
          {zone.methods.length === 0 ? (
            <p className="mb-0">
              No methods yet: shoppers in this zone cannot check out.{" "}
              <Link to={`/admin/shipping-method/new?zone=${zone.id}`}>Add one</Link>
            </p>
          ) : (
            <ul className="list-group">
              {zone.methods.map((method) => (
                <li
                  key={method.id}
                  className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2"
                >
                  <span className="text-break">
                    <b>{method.name}</b>: {describeRate(method, formatMoney)}
                  </span>
                  <span className="text-nowrap">
                    <EditDeleteLinks
                      editTo={`/admin/shipping-method/${method.id}`}
                      deleteTo={`/admin/shipping-method/${method.id}/delete`}
                      name={`the method ${method.name} of ${zone.name}`}
                    />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}

      <h2 className="h4 mt-4">Tax rates</h2>
      <p className="text-muted">
        The most particular rate applies: the address&apos;s country and region, its country, then every other country.
        Prices {pricesIncludeTax ? "include" : "exclude"} tax (<Link to="/admin/settings">Settings</Link>).
      </p>
      <AdminList
        newTo="/admin/tax-rate/new"
        newLabel="New tax rate"
        isEmpty={taxRates.length === 0}
        empty="No tax rates: orders are not taxed."
        caption="Tax rates by country and region"
      >
        <thead>
          <tr>
            <th scope="col">Country</th>
            <th scope="col">Region</th>
            <th scope="col">Tax</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {taxRates.map((rate) => (
            <tr key={rate.id}>
              <td>{countryText(rate.country)}</td>
              <td>{rate.region === EVERYWHERE ? "All" : rate.region}</td>
              <td>
                {rate.name} {percentOf(rate.rateBp)}
              </td>
              <td className="text-nowrap text-end">
                <EditDeleteLinks
                  editTo={`/admin/tax-rate/${rate.id}`}
                  deleteTo={`/admin/tax-rate/${rate.id}/delete`}
                  name={`the rate for ${countryText(rate.country)}`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </AdminList>
    </>
  );
}
