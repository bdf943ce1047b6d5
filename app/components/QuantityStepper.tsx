import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

type Props = {
  name: string;
  max: number;
  defaultValue?: number;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * A number input bounded to 1..max; once JavaScript runs, minus and plus buttons step it and stop
 * at the bounds. Without JavaScript the browser enforces the same bounds on the input.
 */
export function QuantityStepper({ name, max, defaultValue = 1, disabled, invalid, describedBy }: Props) {
  const hydrated = useHydrated();
  const [value, setValue] = useState(String(defaultValue));
  const n = Number(value);
  const step = (delta: number) =>
    setValue(String(Math.min(Math.max((Number.isFinite(n) ? n : 1) + delta, 1), Math.max(max, 1))));
  return (
    <div className="input-group flex-nowrap" style={{ width: "auto" }}>
      {hydrated ? (
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => step(-1)}
          disabled={disabled || n <= 1}
          aria-label="Decrease quantity"
        >
          −
        </button>
      ) : null}
      <input
        type="number"
        name={name}
        className={`form-control quantity-input${invalid ? " is-invalid" : ""}`}
        min={1}
        max={Math.max(max, 1)}
        step={1}
        required
        value={value}
        onChange={(e) => setValue(e.target.value)}
        disabled={disabled}
        aria-label="Quantity"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      {hydrated ? (
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => step(1)}
          disabled={disabled || n >= max}
          aria-label="Increase quantity"
        >
          +
        </button>
      ) : null}
    </div>
  );
}
