import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MailLinkCard } from "~/components/MailLinkCard";
import { pageMeta } from "~/lib/meta";
import { OPT_OUT_LABELS } from "~/lib/shopper-mails";
import { optOutWithToken, readUnsubscribeToken } from "~/models/mail";
import { errorPage } from "~/web/errors.server";

// The link at the foot of every mail a shopper asked for (back in stock, a cart left). No sign-in:
// the token names the address and the kind of mail, signed by the shop. Opening it changes
// nothing (mail scanners open links): the button's POST records the opt-out, as does a mail
// program's one-click POST to the same address (RFC 8058).

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Unsubscribe", description: "Stop mails you asked for.", noindex: true });

const INVALID = "This unsubscribe link is not valid. Use the link of the latest mail you received.";

export async function loader({ params }: LoaderFunctionArgs) {
  const named = readUnsubscribeToken(params.token);
  if (!named) throw errorPage(404, INVALID);
  return { email: named.email, what: OPT_OUT_LABELS[named.kind] };
}

export async function action({ params }: ActionFunctionArgs) {
  const named = await optOutWithToken(params.token ?? "");
  if (!named) throw errorPage(404, INVALID);
  return { done: true as const };
}

export default function Unsubscribe() {
  const { email, what } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>()?.done;
  return (
    <MailLinkCard
      title="Unsubscribe"
      question={`Stop ${what} to ${email}?`}
      button="Unsubscribe"
      done={done ? `Done: ${email} gets no more ${what}.` : null}
      doneTestId="unsubscribed"
    />
  );
}
