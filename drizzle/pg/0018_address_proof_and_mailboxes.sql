-- Hardening III (issue 46): a reset link names the address it was mailed to; an account's e-mail is
-- proven or not (Google's accounts are, from the start; others once a link mailed to the address is
-- followed); an e-mail change is confirmed by a link (email_proofs); orders and back-in-stock alerts
-- keep the buyer's mailbox, the address in canonical form (lower case, no +tag: app/lib/mailbox.ts),
-- for per-customer limits and one pending alert per mailbox. Reset links still outstanding keep an
-- empty address and so no longer work (they last 30 minutes; a new one is asked for in a moment).
CREATE TABLE "email_proofs" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "stock_alerts_item_email_unique";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "mailbox" text;--> statement-breakpoint
UPDATE "orders" SET "mailbox" = regexp_replace(lower(trim(coalesce("guest_email", (SELECT "email" FROM "users" WHERE "users"."id" = "orders"."user_id")))), '^([^+@]+)\+[^@]*@', '\1@');--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "mailbox" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "confirmed_at" timestamp (3) with time zone;--> statement-breakpoint
-- Alerts asked for before double opt-in stay confirmed; of several for one mailbox and item, one stays.
UPDATE "stock_alerts" SET "mailbox" = regexp_replace(lower(trim("email")), '^([^+@]+)\+[^@]*@', '\1@'), "confirmed_at" = "created_at";--> statement-breakpoint
DELETE FROM "stock_alerts" a USING "stock_alerts" b WHERE a."product_id" = b."product_id" AND a."variant_id" = b."variant_id" AND a."mailbox" = b."mailbox" AND a."id" > b."id";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_proven_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "users" SET "email_proven_at" = "created_at" WHERE "google_sign_in";--> statement-breakpoint
ALTER TABLE "email_proofs" ADD CONSTRAINT "email_proofs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_proofs_user_idx" ON "email_proofs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_mailbox_idx" ON "orders" USING btree ("mailbox");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_item_mailbox_unique" ON "stock_alerts" USING btree ("product_id","variant_id","mailbox");--> statement-breakpoint
CREATE INDEX "stock_alerts_mailbox_idx" ON "stock_alerts" USING btree ("mailbox","created_at");