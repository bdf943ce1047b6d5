import { Form } from "@remix-run/react";
import { ShopDate } from "./ShopDate";

export type SessionRow = {
  id: string;
  device: string;
  ip: string | null;
  lastSeen: string;
  signedInOn: string | Date;
  current: boolean;
};

/** The account's signed-in devices, each with a plain form that ends it (this one: logs out). */
export function SessionList({ sessions }: { sessions: SessionRow[] }) {
  return (
    <section className="mt-5" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="h4">
        Signed-in devices
      </h2>
      <ul className="list-group">
        {sessions.map((s) => (
          <li
            key={s.id}
            className="list-group-item d-flex justify-content-between align-items-center gap-3"
            data-testid="session"
          >
            <div>
              <strong>{s.device}</strong>
              {s.current ? <span className="badge text-bg-success ms-2">This device</span> : null}
              <div className="small text-body-secondary">
                Last seen {s.lastSeen}
                {s.ip ? ` from ${s.ip}` : ""} · signed in on <ShopDate at={s.signedInOn} />
              </div>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="end-session" />
              <input type="hidden" name="sessionId" value={s.id} />
              <button type="submit" className="btn btn-outline-danger btn-sm text-nowrap">
                {s.current ? "Log out" : "End session"}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
