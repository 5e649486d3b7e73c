CREATE TABLE "reconciliation_reports" (
	"day" date PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"difference_count" integer NOT NULL,
	"report" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"charge_id" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_disputes_charge_id_unique" UNIQUE("charge_id")
);
--> statement-breakpoint
ALTER TABLE "sandbox_payment_methods" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
CREATE INDEX "sandbox_disputes_payment_intent" ON "sandbox_disputes" USING btree ("payment_intent_id");