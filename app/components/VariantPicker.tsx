import { Form, useSubmit } from "@remix-run/react";
import { useHydrated } from "~/lib/use-hydrated";
import type { ProductOption, ValueState } from "~/lib/variants";

type Props = {
  options: ProductOption[];
  /** The value chosen of each option. */
  chosen: string[];
  /** For each option's each value: what choosing it (keeping the others) would give. */
  states: ValueState[][];
};

/** The parameter that carries an option's value (option1, option2…): option names stay free. */
export const optionParam = (index: number) => `option${index + 1}`;

const NOTE: Record<ValueState, string | null> = {
  available: null,
  "sold-out": "sold out",
  unavailable: "not available",
};

/**
 * The product page's choice of variant: a GET form of radio buttons, one group per option. Without
 * JavaScript, "Show this choice" loads the page for it; with JavaScript a change does the same at
 * once. Each value says when, with the other choices, it is sold out or not made.
 */
export function VariantPicker({ options, chosen, states }: Props) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form
      method="get"
      preventScrollReset
      replace
      className="mb-3"
      data-testid="variant-picker"
      key={chosen.join("\u0000")}
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
    >
      {options.map((option, i) => (
        <fieldset key={option.name} className="mb-2">
          <legend className="fs-6 fw-semibold mb-1">
            {option.name}: <span className="fw-normal">{chosen[i]}</span>
          </legend>
          <div className="d-flex flex-wrap gap-2">
            {option.values.map((value, j) => {
              const id = `${optionParam(i)}-${j}`;
              const note = NOTE[states[i]?.[j] ?? "available"];
              return (
                <span key={value}>
                  <input
                    type="radio"
                    className="btn-check"
                    name={optionParam(i)}
                    id={id}
                    value={value}
                    defaultChecked={chosen[i] === value}
                  />
                  <label className={`btn btn-sm ${note ? "btn-outline-secondary" : "btn-outline-dark"}`} htmlFor={id}>
                    {value}
                    {note ? <span className="small"> ({note})</span> : null}
                  </label>
                </span>
              );
            })}
          </div>
        </fieldset>
      ))}
      {hydrated ? null : (
        <button type="submit" className="btn btn-outline-primary btn-sm mt-1">
          Show this choice
        </button>
      )}
    </Form>
  );
}
