import { Form, Link } from "@remix-run/react";
import type { SetupStep } from "~/lib/setup";

/**
 * What a new shop still lacks, with where each is done (app/models/accounts/setup.server.ts), on the
 * dashboard until every step is done or the owner hides it; hidden, a button brings it back.
 */
export function SetupChecklist({ steps, hidden }: { steps: SetupStep[]; hidden: boolean }) {
  const left = steps.filter((step) => !step.done).length;
  if (left === 0) return null;
  if (hidden)
    return (
      <Form method="post" action="/admin/setup-checklist" className="mb-3">
        <button type="submit" name="checklist" value="show" className="btn btn-link p-0">
          Show the setup checklist ({left} to do)
        </button>
      </Form>
    );
  return (
    <section className="card mb-4" aria-labelledby="setup-checklist-heading" data-testid="setup-checklist">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-2">
          <h2 id="setup-checklist-heading" className="h5 mb-0">
            Set up your shop: {steps.length - left} of {steps.length} done
          </h2>
          <Form method="post" action="/admin/setup-checklist">
            <button type="submit" name="checklist" value="hide" className="btn btn-sm btn-outline-secondary">
              Hide this list
            </button>
          </Form>
        </div>
        <ul className="list-unstyled mb-0">
          {steps.map((step) => (
            <li key={step.key} className="py-2 border-top" data-testid={`setup-step-${step.key}`}>
              <span className={step.done ? "text-success" : "text-body"}>
                <span aria-hidden="true">{step.done ? "✓" : "○"}</span>{" "}
                {step.to && !step.done ? <Link to={step.to}>{step.label}</Link> : step.label}
                <span className="visually-hidden">{step.done ? " (done)" : " (to do)"}</span>
              </span>
              <div className="small text-muted text-break">{step.hint}</div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
