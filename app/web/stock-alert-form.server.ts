import { data } from "@remix-run/node";
import { PublicError } from "~/lib/public-error";
import { stockAlertAnswer, stockAlertSchema } from "~/lib/stock-alert-schema";
import { productHref } from "~/lib/variants";
import { fieldErrorsOf } from "~/lib/zod-errors";
import { askForStockAlert } from "~/models/inventory";
import { getOptionalUser } from "./auth.server";
import { notFound } from "./errors.server";
import { redirectWithSuccess } from "./toast.server";

/** What the product page's "Tell me when it's back" form is told when refused: tagged, as the page has other forms. */
const refused = (
  status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503,
  fieldErrors: Record<string, string>,
  repopulateFields: { email: string; variant: string },
  formError: string | null = null,
) => data({ stockAlert: true as const, fieldErrors, repopulateFields, formError }, { status });

/**
 * The product page's "Tell me when it's back" form (intent=notify): the address checked, the alert
 * kept (or its confirmation mailed), and back to the product with a toast; refused, the form again with the message and what
 * was typed (without JavaScript too).
 */
export async function postStockAlert(request: Request, clientIp: string, productId: string, form: FormData) {
  const values = { email: String(form.get("email") ?? ""), variant: String(form.get("variant") ?? "") };
  const parsed = stockAlertSchema.safeParse(values);
  if (!parsed.success) return refused(400, fieldErrorsOf(parsed.error), values);
  let toConfirm: boolean;
  try {
    ({ toConfirm } = await askForStockAlert(productId, parsed.data, {
      user: await getOptionalUser(request),
      ip: clientIp,
    }));
  } catch (error) {
    if (!(error instanceof PublicError)) throw error;
    if (error.status === 404) throw notFound("Product not found");
    return error.field === "email"
      ? refused(error.status, { email: error.message }, values)
      : refused(error.status, {}, values, error.message);
  }
  return redirectWithSuccess(productHref({ productId, variantId: parsed.data.variant }), stockAlertAnswer(toConfirm));
}
