ALTER TABLE "agency_reviews" ADD COLUMN "author_name" varchar(120) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_reviews" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
UPDATE "agency_reviews" r SET "author_name" = trim(split_part(coalesce(u."name", ''), ' ', 1) || coalesce(' ' || upper(left(nullif(trim(u."surname"), ''), 1)) || '.', '')) FROM "users" u WHERE u."id" = r."author_user_id";
