import type { InputHTMLAttributes } from "react";
import { useField, useIsSubmitting } from "remix-validated-form";

type FieldProps = { name: string; label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "name">;

/** A labelled input wired to remix-validated-form: its error shows beside it, with or without JavaScript. */
export function TextField({ name, label, id = name, type = "text", ...rest }: FieldProps) {
  const { error, getInputProps } = useField(name);
  const errorId = `${id}-error`;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        {...getInputProps({ id, type, ...rest })}
        className={`form-control${error ? " is-invalid" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <div id={errorId} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export function CheckboxField({ name, label }: { name: string; label: string }) {
  const { getInputProps } = useField(name);
  return (
    <div className="form-check mb-3">
      <input {...getInputProps({ id: name, type: "checkbox" })} className="form-check-input" />
      <label className="form-check-label" htmlFor={name}>
        {label}
      </label>
    </div>
  );
}

/** Disabled while the form is submitting (when JavaScript runs). */
export function SubmitButton({ children, className = "btn btn-warning w-100" }: { children: string; className?: string }) {
  const submitting = useIsSubmitting();
  return (
    <button type="submit" className={className} disabled={submitting}>
      {children}
    </button>
  );
}

export function FormAlert({ message }: { message?: string | null }) {
  return message ? (
    <div className="alert alert-danger" role="alert">
      {message}
    </div>
  ) : null;
}

export function SelectField({ name, label, options, placeholder }: { name: string; label: string; options: string[]; placeholder: string }) {
  const { error, getInputProps } = useField(name);
  const errorId = `${name}-error`;
  return (
    <div className="mb-3">
      <label htmlFor={name} className="form-label">
        {label}
      </label>
      <select
        {...getInputProps({ id: name })}
        className={`form-select${error ? " is-invalid" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error ? (
        <div id={errorId} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}
