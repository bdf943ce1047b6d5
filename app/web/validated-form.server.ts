import { data } from "@remix-run/node";
import type { Validator } from "remix-validated-form";
import { publicErrorToForm } from "./errors.server";
import { formFailure } from "./form-response.server";
import { readForm } from "./forms.server";

/** A form's fields as typed, to send back with its errors: a repeated field (a select multiple) as a list. */
export function typedValues(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).filter((v): v is string => typeof v === "string");
    values[key] = all.length === 1 ? all[0] : all;
  }
  return values;
}

/**
 * An admin form's POST: the input `validator` checked, saved by `save`, or the response that sends
 * the form back with its messages (the model's PublicError beside its field) and what was typed.
 * `form`: already read (a page of several forms reads it to tell which was sent); `subaction`: that
 * form's name, so that only it shows the messages (remix-validated-form's subaction).
 */
export async function saveValidatedForm<T>(
  request: Request,
  validator: Validator<T>,
  save: (input: T) => Promise<unknown>,
  { form, subaction }: { form?: FormData; subaction?: string } = {},
): Promise<{ response: ReturnType<typeof formFailure> | null }> {
  const sent = form ?? (await readForm(request));
  const values = typedValues(sent);
  const result = await validator.validate(sent);
  const tagged = (response: ReturnType<typeof formFailure>) =>
    subaction ? data({ ...response.data, subaction }, response.init ?? undefined) : response;
  if (result.error) return { response: tagged(formFailure(400, result.error.fieldErrors, values)) };
  try {
    await save(result.data);
  } catch (error) {
    return { response: tagged(publicErrorToForm(error, values)) };
  }
  return { response: null };
}
