import type { ChangeEvent, InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { useField, useIsSubmitting } from "remix-validated-form";
import { useHydrated } from "~/lib/use-hydrated";

type FieldProps = { name: string; label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "name">;

/**
 * The mark of a required field, after its label: screen readers hear "required" from the control's
 * `required` (the forms are `noValidate`: the shop's own messages say what is missing), sighted
 * people see "*", explained by RequiredLegend.
 */
export function RequiredMark() {
  return (
    <span className="text-danger ms-1" aria-hidden="true">
      *
    </span>
  );
}

/**
 * "* required", above the submit button; shown only in a form that has a required field (styles/app.css),
 * so that every form gets it from SubmitButton without knowing its fields.
 */
export function RequiredLegend() {
  return (
    <p className="form-text required-legend mt-0">
      <span className="text-danger" aria-hidden="true">
        *
      </span>{" "}
      required
    </p>
  );
}

/** Label, control and the field's error (errors show with or without JavaScript); plain forms use it too. */
export function Field({
  id,
  label,
  error,
  required,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  /** Marks the label; the control carries `required` itself. */
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {/* Beside the label, not in it: the label's text stays the field's name. */}
      {required ? <RequiredMark /> : null}
      {children}
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** The control's side of Field's error: marked invalid and described by it. */
export const errorProps = (id: string, error?: string) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `${id}-error` : undefined,
});

export function TextField({ name, label, id = name, type = "text", ...rest }: FieldProps) {
  const { error, getInputProps } = useField(name);
  return (
    <Field id={id} label={label} error={error} required={rest.required}>
      <input
        {...getInputProps({ id, type, ...rest })}
        className={`form-control${error ? " is-invalid" : ""}`}
        {...errorProps(id, error)}
      />
    </Field>
  );
}

/** A multi-line text field, wired like TextField. */
export function TextAreaField({
  name,
  label,
  id = name,
  help,
  ...rest
}: { name: string; label: string; help?: string } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name">) {
  const { error, getInputProps } = useField(name);
  const described = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(" ");
  return (
    <Field id={id} label={label} error={error} required={rest.required}>
      <textarea
        {...getInputProps({ id, ...rest })}
        className={`form-control${error ? " is-invalid" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {help ? (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      ) : null}
    </Field>
  );
}

/** A choice's value and, when it differs, what the list shows. */
type Option = string | { value: string; label: string };

export function SelectField({
  name,
  label,
  options,
  placeholder,
  autoComplete,
  required,
  empty,
  onChange,
}: {
  name: string;
  label: string;
  options: Option[];
  placeholder?: string;
  autoComplete?: string;
  required?: boolean;
  /** Said below the select when it has no options: where they are made (a link). */
  empty?: ReactNode;
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const { error, getInputProps } = useField(name);
  const emptyNote = options.length === 0 ? empty : null;
  const described = [error ? `${name}-error` : null, emptyNote ? `${name}-empty` : null].filter(Boolean).join(" ");
  return (
    <Field id={name} label={label} error={error} required={required}>
      <select
        {...getInputProps({ id: name, autoComplete, onChange, required })}
        className={`form-select${error ? " is-invalid" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      >
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => {
          const { value, label: shown } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {shown}
            </option>
          );
        })}
      </select>
      <EmptyNote id={`${name}-empty`}>{emptyNote}</EmptyNote>
    </Field>
  );
}

/** What a select without options says instead: where they are made. */
function EmptyNote({ id, children }: { id: string; children: ReactNode }) {
  return children ? (
    <div id={id} className="form-text" data-testid="empty-select">
      {children}
    </div>
  ) : null;
}

/** A select multiple (Ctrl or ⌘ to choose several), no script needed; `help` is said above it. */
export function MultiSelectField({
  name,
  label,
  help,
  options,
  size = 8,
  required,
  empty,
}: {
  name: string;
  label: string;
  help: ReactNode;
  options: Option[];
  size?: number;
  required?: boolean;
  /** Said below the select when it has no options: where they are made (a link). */
  empty?: ReactNode;
}) {
  const { error, getInputProps } = useField(name);
  const emptyNote = options.length === 0 ? empty : null;
  return (
    <Field id={name} label={label} error={error} required={required}>
      <div id={`${name}-help`} className="form-text mt-0 mb-1">
        {help}
      </div>
      <select
        {...getInputProps({ id: name, multiple: true, required })}
        size={size}
        className={`form-select${error ? " is-invalid" : ""}`}
        {...errorProps(name, error)}
        aria-describedby={[`${name}-help`, error ? `${name}-error` : null, emptyNote ? `${name}-empty` : null]
          .filter(Boolean)
          .join(" ")}
      >
        {options.map((option) => {
          const { value, label: shown } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {shown}
            </option>
          );
        })}
      </select>
      <EmptyNote id={`${name}-empty`}>{emptyNote}</EmptyNote>
    </Field>
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
export function SubmitButton({
  children,
  className = "btn btn-warning w-100",
}: {
  children: string;
  className?: string;
}) {
  const submitting = useIsSubmitting();
  return (
    <>
      <RequiredLegend />
      <button type="submit" className={className} disabled={submitting}>
        {children}
      </button>
    </>
  );
}

export function FormAlert({ message }: { message?: string | null }) {
  return message ? (
    <div className="alert alert-danger" role="alert">
      {message}
    </div>
  ) : null;
}

/** The message of a field that is no single control (a list of items, say), as the form's alert. */
export function FieldAlert({ name }: { name: string }) {
  const { error } = useField(name);
  return <FormAlert message={error} />;
}

/**
 * Fields that apply only to one choice of the form (a discount's kind, say): hidden while another is
 * chosen once JavaScript runs; without it every one shows, its label saying what it applies to, and
 * the server ignores those that do not apply.
 */
export function AppliesWhen({ when, children }: { when: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  return <div hidden={hydrated && !when}>{children}</div>;
}
