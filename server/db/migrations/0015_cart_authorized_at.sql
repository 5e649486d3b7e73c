ALTER TABLE "carts" ADD COLUMN "authorized_at" timestamp with time zone;--> statement-breakpoint
-- Authorizations held before this column existed count from now: they are released a day on.
UPDATE "carts" SET "authorized_at" = now() WHERE "payment_intent_id" IS NOT NULL;
