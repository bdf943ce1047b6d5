import { Form, Link } from "@remix-run/react";
import { AuthCard } from "./AuthCard";

type Props = {
  title: string;
  /** What the button will do, asked before it is pressed. */
  question: string;
  button: string;
  /** What was done, once the button's POST answered; null before. */
  done: string | null;
  doneTestId: string;
};

/**
 * The page of a link in a mail that acts without signing in (unsubscribe, confirm a request): opening
 * it only asks (mail scanners open links); the button's POST acts.
 */
export function MailLinkCard({ title, question, button, done, doneTestId }: Props) {
  return (
    <AuthCard title={title}>
      {done ? (
        <>
          <p role="status" data-testid={doneTestId}>
            {done}
          </p>
          <Link to="/" className="btn btn-warning w-100">
            Back to the shop
          </Link>
        </>
      ) : (
        <Form method="post">
          <p>{question}</p>
          <button type="submit" className="btn btn-warning w-100">
            {button}
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
