CREATE TABLE "client_cart_intents" (
	"intent_id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "client_cart_intents" ADD CONSTRAINT "client_cart_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_cart_intents_open_idx" ON "client_cart_intents" USING btree ("resolved_at","created_at");