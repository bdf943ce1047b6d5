import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import {
  CheckboxField,
  FormAlert,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "~/components/form-fields";
import { PictureField } from "~/components/PictureField";
import { shownCategories } from "~/models/catalogue";
import { adminMeta, type AdminHandle } from "~/lib/meta";
import { COUNTRY_NAMES } from "~/lib/countries";
import { CURRENCIES, LOCALES, shopSettingsValidator, timeZones } from "~/lib/shop-settings";
import { getShopSettings, listAdmins, saveShopSettings } from "~/models/settings";
import { requireAdmin } from "~/web/auth.server";
import { publicErrorToForm } from "~/web/errors.server";
import { formFailure } from "~/web/form-response.server";
import { readForm } from "~/web/forms.server";
import { SETTINGS_FILES, settingsPictures } from "~/web/settings-pictures.server";
import { redirectWithSuccess } from "~/web/toast.server";

export const handle: AdminHandle = { title: "Settings" };
export const meta = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [settings, categories, admins] = await Promise.all([getShopSettings(), shownCategories(), listAdmins()]);
  return { settings, categories: categories.map((c) => c.name), admins, timeZones: timeZones() };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await readForm(request, { files: SETTINGS_FILES });
  const values = {
    ...Object.fromEntries([...form].filter(([, v]) => typeof v === "string")),
    heroCategories: form.getAll("heroCategories").map(String),
    ownerMailAdmins: form.getAll("ownerMailAdmins").map(String),
  };
  const result = await shopSettingsValidator.validate(form);
  if (result.error) return formFailure(400, result.error.fieldErrors, values);
  try {
    const pictures = settingsPictures({
      logo: form.getAll("logo"),
      logoRemove: form.get("logoRemove"),
      heroImage: form.getAll("heroImage"),
      heroImageRemove: form.get("heroImageRemove"),
    });
    await saveShopSettings(result.data, pictures);
  } catch (error) {
    return publicErrorToForm(error, values);
  }
  return redirectWithSuccess("/admin/settings", "Settings saved");
}

export default function AdminSettings() {
  const { settings, categories, admins, timeZones } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = actionData?.fieldErrors ?? {};
  const typed = actionData?.repopulateFields as { heroCategories?: string[]; ownerMailAdmins?: string[] } | undefined;
  // null: every category (those added later too).
  const homeCategories = typed?.heroCategories ?? settings.heroCategories ?? categories;
  const chosenAdmins = typed?.ownerMailAdmins ?? settings.ownerMailAdmins;
  return (
    <div className="col-xl-8">
      <FormAlert message={actionData?.formError} />
      <ValidatedForm
        // Saved settings start a new form (with JavaScript the page is not loaded again).
        key={JSON.stringify([settings, admins])}
        validator={shopSettingsValidator}
        method="post"
        encType="multipart/form-data"
        defaultValues={settings}
        noValidate
      >
        <fieldset className="mb-4">
          <legend className="h5">The shop</legend>
          <TextField name="name" label="Shop name" required />
          <PictureField name="logo" label="Logo" currentUrl={settings.logoUrl} error={errors.logo} removable />
          <TextField name="contactEmail" label="Contact e-mail" type="email" autoComplete="off" />
          <TextAreaField name="contactAddress" label="Contact address" rows={3} />
          <TextField name="legalName" label="Legal name (on invoices)" autoComplete="organization" />
          <TextField name="taxId" label="Tax or VAT number (on invoices)" autoComplete="off" />
          <SelectField
            name="homeCountry"
            label="Home country (carts are priced for it until the shopper gives an address)"
            options={COUNTRY_NAMES}
            placeholder="None"
          />
          <SelectField name="timeZone" label="Time zone of the shop's dates and times" options={timeZones} />
        </fieldset>
        <fieldset className="mb-4">
          <legend className="h5">Prices</legend>
          <SelectField name="currency" label="Currency" options={[...CURRENCIES]} />
          <SelectField
            name="locale"
            label="Language of prices and dates"
            options={Object.entries(LOCALES).map(([value, label]) => ({ value, label }))}
          />
          <CheckboxField name="pricesIncludeTax" label="Prices include tax (VAT): the price shown is the price paid" />
          <CheckboxField name="taxOnShipping" label="Charge tax on shipping too (as EU VAT does)" />
          <p className="form-text mt-n2">
            Tax rates by country, and shipping zones and methods, are in{" "}
            <Link to="/admin/shipping">Shipping and tax</Link>.
          </p>
        </fieldset>
        <fieldset className="mb-4">
          <legend className="h5">Home page</legend>
          <TextField name="homeTitle" label="Title in search results and the browser's tab" required />
          <TextAreaField name="homeDescription" label="Description in search results" rows={2} />
          <TextField name="heroTitle" label="Heading" required />
          <TextAreaField name="heroText" label="Text" rows={3} />
          <TextField name="heroLinkLabel" label="Button label" />
          <TextField
            name="heroLink"
            label="Button link"
            aria-describedby="heroLink-help"
            placeholder="/search?category=Laptops"
          />
          <div id="heroLink-help" className="form-text mb-3 mt-n2">
            A page of the shop (starting with /) or a web address (starting with https://).
          </div>
          <PictureField
            name="heroImage"
            label="Picture"
            currentUrl={settings.heroImageUrl}
            error={errors.heroImage}
            removable
          />
          <fieldset className="mb-3" aria-describedby={errors.heroCategories ? "heroCategories-error" : undefined}>
            <legend className="form-label fs-6">Categories shown on the home page</legend>
            {categories.length === 0 ? (
              <p className="text-muted mb-0">
                The shop has no categories yet: add them in <Link to="/admin/categories">Categories</Link>.
              </p>
            ) : null}
            <div className="row row-cols-2 row-cols-md-3">
              {categories.map((category, i) => (
                <div key={category} className="col form-check ps-5">
                  <input
                    className="form-check-input"
                    type="checkbox"
                    name="heroCategories"
                    value={category}
                    id={`heroCategories-${i}`}
                    defaultChecked={homeCategories.includes(category)}
                  />
                  <label className="form-check-label" htmlFor={`heroCategories-${i}`}>
                    {category}
                  </label>
                </div>
              ))}
            </div>
            {errors.heroCategories ? (
              <div id="heroCategories-error" className="invalid-feedback d-block">
                {errors.heroCategories}
              </div>
            ) : null}
          </fieldset>
        </fieldset>
        <fieldset className="mb-4">
          <legend className="h5">Returns</legend>
          <TextField
            name="returnWindowDays"
            label="Return window (days after delivery)"
            inputMode="numeric"
            aria-describedby="return-window-help"
          />
          <div id="return-window-help" className="form-text mb-3 mt-n2">
            Shoppers may ask to return items of a delivered order for this many days; 0 takes no returns.
          </div>
        </fieldset>
        <fieldset className="mb-4" aria-describedby="owner-mails-help">
          <legend className="h5">Mails to the owner</legend>
          <p id="owner-mails-help" className="form-text mt-0">
            They go to the contact e-mail and to the admins chosen below.
          </p>
          <CheckboxField name="newOrderMails" label="A mail for each paid order" />
          <CheckboxField
            name="dailySummary"
            label="A daily summary each morning (the day before, in the shop's time zone)"
          />
          <fieldset className="mb-3" aria-describedby={errors.ownerMailAdmins ? "ownerMailAdmins-error" : undefined}>
            <legend className="form-label fs-6">Admins who get them too</legend>
            {admins.map((admin, i) => (
              <div key={admin.id} className="form-check">
                <input
                  className="form-check-input"
                  type="checkbox"
                  name="ownerMailAdmins"
                  value={admin.id}
                  id={`ownerMailAdmins-${i}`}
                  defaultChecked={chosenAdmins.includes(admin.id)}
                />
                <label className="form-check-label text-break" htmlFor={`ownerMailAdmins-${i}`}>
                  {admin.name} ({admin.email})
                </label>
              </div>
            ))}
            {errors.ownerMailAdmins ? (
              <div id="ownerMailAdmins-error" className="invalid-feedback d-block">
                {errors.ownerMailAdmins}
              </div>
            ) : null}
          </fieldset>
        </fieldset>
        <fieldset className="mb-4" aria-describedby="shopper-mails-help">
          <legend className="h5">Mails that bring shoppers back</legend>
          <p id="shopper-mails-help" className="form-text mt-0">
            Shoppers get these only when they ask for them, and each mail has a link to stop them.
          </p>
          <CheckboxField
            name="backInStockMails"
            label="Shoppers may ask for a mail when a sold-out product is back in stock"
          />
          <TextField
            name="lowStockThreshold"
            label="Mail the owner when a product's stock falls under (units)"
            inputMode="numeric"
            aria-describedby="low-stock-help"
          />
          <div id="low-stock-help" className="form-text mb-3 mt-n2">
            One mail each time a product falls under it, to the owner&apos;s addresses below; 0 sends none.
          </div>
          <TextField
            name="cartReminderHours"
            label="Remind shoppers of a cart they left after (hours)"
            inputMode="numeric"
            aria-describedby="cart-reminder-help"
          />
          <div id="cart-reminder-help" className="form-text mb-3 mt-n2">
            One reminder, to shoppers who asked for it (in their profile, or at a guest checkout); 0 sends none.
          </div>
        </fieldset>
        <SubmitButton className="btn btn-warning px-5">Save settings</SubmitButton>
      </ValidatedForm>
    </div>
  );
}
