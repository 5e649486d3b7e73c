CREATE TABLE "outside_refunds" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outside_refunds_payment_intent" ON "outside_refunds" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "outside_refunds_created" ON "outside_refunds" USING btree ("created_at");