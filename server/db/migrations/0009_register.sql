CREATE TABLE "cash_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_sale_tenders" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"tendered" integer,
	"change" integer,
	"payment_intent_id" text,
	"brand" text,
	"last4" text,
	"authorization_code" text,
	CONSTRAINT "pos_sale_tenders_payment_intent_id_unique" UNIQUE("payment_intent_id")
);
--> statement-breakpoint
CREATE TABLE "pos_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"cashier_id" integer NOT NULL,
	"shift_id" integer,
	"idempotency_key" text NOT NULL,
	"lines" jsonb NOT NULL,
	"add_tax" boolean NOT NULL,
	"tax_rate_ppm" integer NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"rounding" integer DEFAULT 0 NOT NULL,
	"paid" integer NOT NULL,
	"change" integer DEFAULT 0 NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_sales_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "register_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"cashier_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"float" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"expected_cash" integer,
	"counted" integer
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "sale_id" integer;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_shift_id_register_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."register_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_actor_id_clients_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sale_tenders" ADD CONSTRAINT "pos_sale_tenders_sale_id_pos_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."pos_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_cashier_id_clients_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sales" ADD CONSTRAINT "pos_sales_shift_id_register_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."register_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_shifts" ADD CONSTRAINT "register_shifts_cashier_id_clients_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_movements_shift" ON "cash_movements" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "pos_sale_tenders_sale" ON "pos_sale_tenders" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "pos_sales_shift" ON "pos_sales" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "pos_sales_created" ON "pos_sales" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "register_shifts_one_open" ON "register_shifts" USING btree ("cashier_id") WHERE "register_shifts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "register_shifts_opened" ON "register_shifts" USING btree ("opened_at");--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_sale_id_unique" UNIQUE("sale_id");