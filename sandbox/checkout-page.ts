// The sandbox's stand-in for Stripe's hosted Checkout page: plain HTML, works without JavaScript.

/** A line of a Checkout Session, as the sandbox keeps it. */
export type CheckoutLine = { name: string; unitAmount: number; quantity: number };

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);

const STYLE = `<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
label{display:block;margin:.75rem 0}input{display:block;width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{width:100%;padding:.75rem;font-size:1rem;background:#635bff;color:#fff;border:0;border-radius:4px;margin:.25rem 0}
button.fail{background:#6c757d}
table{width:100%;border-collapse:collapse}td{padding:.25rem 0}td:last-child{text-align:right}
.error{color:#b00020}.note{color:#555;font-size:.875rem}.banner{background:#fff3cd;padding:.5rem;font-size:.875rem}</style>`;

/** The card issuer's 3D Secure check, as Stripe's test page offers it: complete or fail. */
export function authenticationPageHtml(intent: { amount: number; currency: string; status: string }): string {
  const amount = money(intent.amount, intent.currency);
  const body =
    intent.status === "requires_action"
      ? `<p>Your bank asks you to confirm the payment of ${amount}.</p>
<form method="post"><input type="hidden" name="outcome" value="complete"><button type="submit">Complete authentication</button></form>
<form method="post"><input type="hidden" name="outcome" value="fail"><button type="submit" class="fail">Fail authentication</button></form>`
      : `<p role="alert">This payment needs no authentication now.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authenticate ${amount} — payment sandbox</title>${STYLE}</head><body>
<header><p class="banner">Payment sandbox: a stand-in for your bank's 3D Secure check. No money moves.</p></header>
<main>
<h1>Confirm ${amount}</h1>
${body}
</main>
</body></html>`;
}

type PageInput = {
  session: { status: string; amount_total: number; currency: string; cancel_url: string | null };
  lines: CheckoutLine[];
  error?: string;
  /** What the buyer typed, shown again after a decline as Stripe's page does. */
  typed?: { number?: string; expiry?: string; cvc?: string };
};

export function checkoutPage({ session, lines, error, typed = {} }: PageInput): string {
  const value = (field: keyof typeof typed) => (typed[field] ? ` value="${escape(typed[field]!)}"` : "");
  const total = money(session.amount_total, session.currency);
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${escape(l.name)}${l.quantity > 1 ? ` × ${l.quantity}` : ""}</td><td>${money(l.unitAmount * l.quantity, session.currency)}</td></tr>`,
    )
    .join("");
  const back = session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">← Back to the shop</a></p>` : "";
  const body =
    session.status === "open"
      ? `${error ? `<p role="alert" class="error">${escape(error)}</p>` : ""}
<form method="post">
  <label>Card number <input name="number" inputmode="numeric" autocomplete="cc-number" required${value("number")}></label>
  <label>Expiry (MM/YY) <input name="expiry" placeholder="MM / YY" autocomplete="cc-exp" required${value("expiry")}></label>
  <label>CVC <input name="cvc" inputmode="numeric" autocomplete="cc-csc" required${value("cvc")}></label>
  <button type="submit">Pay ${total}</button>
</form>
<p class="note">Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for 3D Secure.</p>`
      : `<p role="alert">${session.status === "complete" ? "This payment is complete." : "This payment page has expired."}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${total} — payment sandbox</title>${STYLE}</head><body>
<header><p class="banner">Payment sandbox: a local stand-in for Stripe Checkout. No money moves.</p></header>
<main>
<h1>Pay ${total}</h1>
<table>${rows}<tr><th scope="row" style="text-align:left">Total</th><td><strong>${total}</strong></td></tr></table>
${body}
${back}
</main>
</body></html>`;
}
