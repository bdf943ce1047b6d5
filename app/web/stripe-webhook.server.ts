import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type Stripe from "stripe";
import { handlePaymentEvent } from "~/models/after-sales";
import { verifyWebhook } from "~/models/checkout";
import { BODY_LIMITS, bodyTooLarge, declaresMoreThan } from "./body-limits.server";

type Answer = { status: number; body: Record<string, unknown> };

/** An event from Stripe (or the sandbox): checked against the signature over its raw body, then handled (idempotently). */
export async function receivePaymentEvent(rawBody: string, signature: string | null): Promise<Answer> {
  let event: Stripe.Event;
  try {
    event = verifyWebhook(rawBody, signature);
  } catch {
    return { status: 400, body: { error: "Invalid signature" } };
  }
  await handlePaymentEvent(event);
  return { status: 200, body: { received: true } };
}

const tooLarge: RequestHandler = (_req, res) =>
  void res
    .status(413)
    .set("Connection", "close")
    .json({ error: bodyTooLarge(BODY_LIMITS.text).message });

// A declared length over the limit: answered at once, unread (express.text would read all of it first).
const refuseDeclaredOver: RequestHandler = (req, res, next) =>
  declaresMoreThan(req.headers, BODY_LIMITS.text) ? tooLarge(req, res, next) : next();

const refuseBody: ErrorRequestHandler = (error, req, res, next) => {
  const status = (error as { status?: unknown }).status;
  if (status === 413) return tooLarge(req, res, next);
  if (typeof status === "number" && status >= 400 && status < 500)
    return void res.status(status).json({ error: "The request body could not be read." });
  next(error);
};

const receive: RequestHandler = (req, res, next) => {
  const raw = typeof req.body === "string" ? req.body : "";
  receivePaymentEvent(raw, req.get("Stripe-Signature") ?? null).then(
    ({ status, body }) => void res.status(status).json(body),
    next,
  );
};

/**
 * POST /webhooks/stripe, mounted by server.ts ahead of the middleware that pages need (security
 * headers, compression, the page cache, the Origin check, Remix): one event per paid order comes
 * here, from a machine, and needs none of them. The body is limited before it is read.
 */
export const stripeWebhook = [
  refuseDeclaredOver,
  express.text({ type: () => true, limit: BODY_LIMITS.text }),
  refuseBody,
  receive,
];
