CREATE TABLE "pos_return_tenders" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"sale_tender_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"refund_id" text,
	CONSTRAINT "pos_return_tenders_refund_id_unique" UNIQUE("refund_id")
);
--> statement-breakpoint
CREATE TABLE "pos_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"cashier_id" integer NOT NULL,
	"shift_id" integer,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"lines" jsonb NOT NULL,
	"restock" boolean NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"rounding" integer DEFAULT 0 NOT NULL,
	"refunded" integer NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_returns_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "return_id" integer;--> statement-breakpoint
ALTER TABLE "pos_return_tenders" ADD CONSTRAINT "pos_return_tenders_return_id_pos_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."pos_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_return_tenders" ADD CONSTRAINT "pos_return_tenders_sale_tender_id_pos_sale_tenders_id_fk" FOREIGN KEY ("sale_tender_id") REFERENCES "public"."pos_sale_tenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD CONSTRAINT "pos_returns_sale_id_pos_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."pos_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD CONSTRAINT "pos_returns_cashier_id_clients_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_returns" ADD CONSTRAINT "pos_returns_shift_id_register_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."register_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pos_return_tenders_return" ON "pos_return_tenders" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "pos_returns_sale" ON "pos_returns" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "pos_returns_shift" ON "pos_returns" USING btree ("shift_id");--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_return_id_unique" UNIQUE("return_id");