-- Orders and payments (issue 12): the client's Idempotency-Key of the order's POST, unique per
-- user (the same key on any server gives back the same order) with the hash of the body it was
-- first used with; the provider and its checkout (one per order; a claim while one request
-- creates it); at most one order of a listing waiting for its payment (partial unique index).
ALTER TABLE "orders" ADD COLUMN "idempotency_key" varchar(100);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_provider" varchar(16);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_reference" varchar(255);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_key_unique" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_reference_unique" ON "orders" USING btree ("payment_provider","checkout_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_pending_per_property" ON "orders" USING btree ("property_id") WHERE "orders"."status" = 'pending';