CREATE TABLE "scheduled_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"tick" bigint NOT NULL
);
