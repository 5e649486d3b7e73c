ALTER TABLE "carts" ADD COLUMN "authorized_amount" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "authorized_signature" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "authorized_card" jsonb;