CREATE INDEX "products_admin_order" ON "products" USING btree ("active" DESC NULLS FIRST,"code");--> statement-breakpoint
CREATE INDEX "products_code_trgm" ON "products" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin ("name" gin_trgm_ops);