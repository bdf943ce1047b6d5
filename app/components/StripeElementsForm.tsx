import { useNavigate } from "@remix-run/react";
import { createRef, useEffect, useRef, useState } from "react";
import { STRIPE_INTENT_SUCCEEDED } from "~/lib/order-states";
import { PAYMENT_PROBLEM } from "~/lib/payment-messages";

// The part of Stripe.js this form uses.
type StripeElement = { mount(node: HTMLElement): void; destroy(): void };
type ConfirmResult = {
  paymentIntent?: { id: string; status: string };
  error?: { type: string; message?: string };
};
type StripeJs = {
  elements(): { create(type: "cardNumber" | "cardExpiry" | "cardCvc"): StripeElement };
  confirmCardPayment(clientSecret: string, data: { payment_method: { card: StripeElement } }): Promise<ConfirmResult>;
};
type StripeFactory = (publishableKey: string) => StripeJs;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

function loadStripeJs(src: string): Promise<StripeFactory> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error("Stripe.js did not load")));
    script.onerror = () => reject(new Error("Stripe.js did not load"));
    document.head.appendChild(script);
  });
}

type Props = { publishableKey: string; jsUrl: string; totalCents: number; payLabel: string };

/**
 * With real Stripe keys. Without JavaScript (or until Stripe.js has loaded) this is a button that
 * posts to the page's action, which sends the buyer to Stripe Checkout. With JavaScript the card
 * fields are Stripe Elements: the intent is made by the server for the amount it computes, the card
 * goes straight to Stripe, and the return page asks Stripe for the outcome before anything is paid.
 */
export function StripeElementsForm({ publishableKey, jsUrl, totalCents, payLabel }: Props) {
  const navigate = useNavigate();
  // Made once, so the effect below can name it as a dependency that never changes.
  const [fields] = useState(() => ({
    cardNumber: createRef<HTMLDivElement>(),
    cardExpiry: createRef<HTMLDivElement>(),
    cardCvc: createRef<HTMLDivElement>(),
  }));
  const stripe = useRef<{ js: StripeJs; card: StripeElement } | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [declined, setDeclined] = useState(false);

  useEffect(() => {
    let mounted: StripeElement[] = [];
    let cancelled = false;
    loadStripeJs(jsUrl)
      .then((Stripe) => {
        if (cancelled) return;
        const js = Stripe(publishableKey);
        const elements = js.elements();
        mounted = (["cardNumber", "cardExpiry", "cardCvc"] as const).map((type) => {
          const element = elements.create(type);
          element.mount(fields[type].current!);
          return element;
        });
        stripe.current = { js, card: mounted[0] };
        setReady(true);
      })
      // Stripe.js unreachable: the Checkout button below still works.
      .catch(() => {});
    return () => {
      cancelled = true;
      mounted.forEach((element) => element.destroy());
    };
  }, [jsUrl, publishableKey, fields]);

  async function pay(event: React.FormEvent<HTMLFormElement>) {
    if (!stripe.current) return; // not ready: the form posts and the buyer goes to Stripe Checkout
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const response = await fetch("/api/v1/payment/process", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ amount: totalCents }),
      });
      const body = (await response.json()) as { client_secret?: string; message?: string };
      if (!response.ok || !body.client_secret) throw new Error(body.message ?? PAYMENT_PROBLEM);
      const result = await stripe.current.js.confirmCardPayment(body.client_secret, {
        payment_method: { card: stripe.current.card },
      });
      if (result.error) {
        setError(result.error.message ?? PAYMENT_PROBLEM);
        // A declined card disables the button, as the spec says; a typing mistake does not.
        setDeclined(result.error.type === "card_error");
      } else if (result.paymentIntent?.status === STRIPE_INTENT_SUCCEEDED) {
        navigate(`/payment/return?payment_intent=${encodeURIComponent(result.paymentIntent.id)}`);
        return;
      } else {
        setError(PAYMENT_PROBLEM);
      }
    } catch (problem) {
      setError(problem instanceof Error ? problem.message : PAYMENT_PROBLEM);
    }
    setBusy(false);
  }

  return (
    <form method="post" onSubmit={(event) => void pay(event)} noValidate>
      <input type="hidden" name="intent" value="checkout" />
      {error ? (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      ) : null}
      <div hidden={!ready} data-testid="stripe-elements">
        {(
          [
            ["cardNumber", "Card Number"],
            ["cardExpiry", "Card Expiry"],
            ["cardCvc", "Card CVC"],
          ] as const
        ).map(([type, label]) => (
          <div className="mb-3" key={type}>
            <div className="form-label">{label}</div>
            <div ref={fields[type]} />
          </div>
        ))}
      </div>
      {ready ? null : (
        <p className="small text-muted">You will enter your card on Stripe&apos;s secure payment page.</p>
      )}
      <button type="submit" className="btn btn-warning w-100" id="pay_btn" disabled={busy || declined}>
        {payLabel}
      </button>
      {declined ? (
        <a href="/payment" className="btn btn-link mt-2">
          Try another card
        </a>
      ) : null}
    </form>
  );
}
