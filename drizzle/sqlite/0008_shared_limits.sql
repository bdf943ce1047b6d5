-- State every worker process must share (WEB_CONCURRENCY): the login and password-reset counts,
-- kept by rate-limiter-flexible's RateLimiterSQLite (its column names), and the client-cart payments
-- refused (and refunded), so that no other call for the same intent makes an order with them.
CREATE TABLE `payment_refusals` (
	`payment_intent_id` text PRIMARY KEY NOT NULL,
	`message` text NOT NULL,
	`status` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`expire` integer
);
--> statement-breakpoint
CREATE INDEX `rate_limits_expire_idx` ON `rate_limits` (`expire`);