DROP INDEX "agency_reviews_pending_idx";--> statement-breakpoint
ALTER TABLE "agency_reviews" ADD COLUMN "author_name" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_reviews" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agency_reviews" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agency_reviews" ADD COLUMN "answer_approved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "agency_reviews_queue_idx" ON "agency_reviews" USING btree ("id") WHERE "agency_reviews"."status" = 'pending' or "agency_reviews"."reported_at" is not null or ("agency_reviews"."answer" is not null and "agency_reviews"."answer_approved_at" is null);--> statement-breakpoint
UPDATE "agency_reviews" r SET "author_name" = trim(split_part(coalesce(u."name", ''), ' ', 1) || coalesce(' ' || upper(left(nullif(trim(u."surname"), ''), 1)) || '.', '')) FROM "users" u WHERE u."id" = r."author_user_id";--> statement-breakpoint
UPDATE "agency_reviews" SET "answer_approved_at" = "answered_at" WHERE "answer" IS NOT NULL;
