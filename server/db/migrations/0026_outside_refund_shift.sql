ALTER TABLE "outside_refunds" ADD COLUMN "cashier_id" integer;--> statement-breakpoint
ALTER TABLE "outside_refunds" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "outside_refunds" ADD CONSTRAINT "outside_refunds_cashier_id_clients_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outside_refunds" ADD CONSTRAINT "outside_refunds_shift_id_register_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."register_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outside_refunds_shift" ON "outside_refunds" USING btree ("shift_id");