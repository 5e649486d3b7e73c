CREATE TABLE "pos_checkouts" (
	"session_id" text PRIMARY KEY NOT NULL,
	"cashier_id" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"add_tax" boolean NOT NULL,
	"tax_rate_ppm" integer NOT NULL,
	"total" integer NOT NULL,
	"email" text,
	"sale_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_checkouts_sale_id_unique" UNIQUE("sale_id")
);
--> statement-breakpoint
ALTER TABLE "pos_checkouts" ADD CONSTRAINT "pos_checkouts_cashier_id_clients_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_checkouts" ADD CONSTRAINT "pos_checkouts_sale_id_pos_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."pos_sales"("id") ON DELETE no action ON UPDATE no action;