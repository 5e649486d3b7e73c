CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"amount_captured" integer DEFAULT 0 NOT NULL,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"captured" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"payment_method_id" text,
	"payment_method_type" text NOT NULL,
	"brand" text,
	"last4" text,
	"funding" text,
	"network" text,
	"country" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charges_refund_limit" CHECK ("sandbox_charges"."amount_refunded" BETWEEN 0 AND "sandbox_charges"."amount")
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"amount_total" integer NOT NULL,
	"currency" text NOT NULL,
	"line_items" jsonb NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text,
	"payment_intent_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_checkout_sessions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"amount_capturable" integer DEFAULT 0 NOT NULL,
	"amount_received" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"capture_method" text NOT NULL,
	"payment_method_types" text[] NOT NULL,
	"payment_method_id" text,
	"latest_charge_id" text,
	"last_payment_error" jsonb,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"receipt_email" text,
	"idempotency_key" text,
	"capture_idempotency_key" text,
	"cancellation_reason" text,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_intents_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_payment_intents_amount_positive" CHECK ("sandbox_payment_intents"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"funding" text NOT NULL,
	"network" text,
	"country" text,
	"test_outcome" text,
	"billing_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_prices" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"unit_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_readers" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"device_type" text NOT NULL,
	"serial_number" text NOT NULL,
	"status" text NOT NULL,
	"action" jsonb,
	"action_idempotency_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"charge_id" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"idempotency_key" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_refunds_amount_positive" CHECK ("sandbox_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_prices" ADD CONSTRAINT "sandbox_prices_product_id_sandbox_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."sandbox_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_charges_created" ON "sandbox_charges" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sandbox_charges_payment_intent" ON "sandbox_charges" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "sandbox_prices_product" ON "sandbox_prices" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_charge" ON "sandbox_refunds" USING btree ("charge_id");