DROP INDEX "products_category";--> statement-breakpoint
CREATE INDEX "products_category" ON "products" USING btree ("category_id","active","sort_order","id");