// A tiny third-party client of the payment sandbox, as the original shop's React client pays:
// @stripe/stripe-js's loadStripe and @stripe/react-stripe-js 1.x's Elements, on a page served by
// another origin that loads the sandbox's Stripe.js stand-in with a script tag. Bundled by
// react-stripe-js.spec.ts; each button writes the Stripe.js answer as JSON into the "result" output.
import {
  CardCvcElement,
  CardElement,
  CardExpiryElement,
  CardNumberElement,
  Elements,
  useElements,
  useStripe,
} from "@stripe/react-stripe-js";
import { loadStripe, type StripeElementChangeEvent } from "@stripe/stripe-js";
import { useState } from "react";
import { createRoot } from "react-dom/client";

const query = new URLSearchParams(location.search);
const stripePromise = loadStripe(query.get("pk")!);
const billing_details = { name: "Jane Buyer", email: "jane@example.com" };
const buttons = {
  confirm: "Pay",
  confirmOnly: "Pay without handling actions",
  handleAction: "Handle card action",
  paymentMethod: "Create payment method",
  token: "Create token",
  retrieve: "Retrieve intent",
};

function PaymentForm() {
  const stripe = useStripe();
  const elements = useElements();
  const [result, setResult] = useState("");
  const [change, setChange] = useState<StripeElementChangeEvent & { brand?: string }>();
  const [ready, setReady] = useState(false);

  async function run(action: keyof typeof buttons) {
    if (!stripe || !elements) return;
    setResult("");
    const card = elements.getElement(CardNumberElement)!;
    const secret = query.get("secret")!;
    const calls = {
      confirm: () => stripe.confirmCardPayment(secret, { payment_method: { card, billing_details } }),
      confirmOnly: () => stripe.confirmCardPayment(secret, { payment_method: { card } }, { handleActions: false }),
      handleAction: () => stripe.handleCardAction(secret),
      paymentMethod: () => stripe.createPaymentMethod({ type: "card", card, billing_details }),
      token: () => stripe.createToken(card, { name: billing_details.name }),
      retrieve: () => stripe.retrievePaymentIntent(secret),
    };
    setResult(JSON.stringify(await calls[action]()));
  }

  return (
    <div>
      <div data-testid="card-number">
        <CardNumberElement onChange={setChange} onReady={() => setReady(true)} />
      </div>
      <div data-testid="card-expiry">
        <CardExpiryElement />
      </div>
      <div data-testid="card-cvc">
        <CardCvcElement />
      </div>
      <p data-testid="change">{change ? JSON.stringify(change) : ""}</p>
      <p data-testid="ready">{ready ? "ready" : ""}</p>
      {Object.entries(buttons).map(([action, label]) => (
        <button key={action} type="button" onClick={() => void run(action as keyof typeof buttons)}>
          {label}
        </button>
      ))}
      <output data-testid="result">{result}</output>
    </div>
  );
}

/** The all-in-one card element, in its own group (Stripe.js keeps it apart from the split ones). */
function CardForm() {
  const stripe = useStripe();
  const elements = useElements();
  const [result, setResult] = useState("");
  async function tokenize() {
    if (!stripe || !elements) return;
    setResult("");
    setResult(JSON.stringify(await stripe.createToken(elements.getElement(CardElement)!)));
  }
  return (
    <div data-testid="card">
      <CardElement />
      <button type="button" onClick={() => void tokenize()}>
        Token from card element
      </button>
      <output data-testid="card-result">{result}</output>
    </div>
  );
}

createRoot(document.getElementById("root")!).render(
  <>
    <Elements stripe={stripePromise}>
      <PaymentForm />
    </Elements>
    <Elements stripe={stripePromise}>
      <CardForm />
    </Elements>
  </>,
);
