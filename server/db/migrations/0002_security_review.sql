ALTER TYPE "public"."user_action_token_kind" ADD VALUE 'resend_confirmation';--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "authenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "absolute_expires_at" timestamp with time zone;--> statement-breakpoint
-- Logins from before the absolute lifetime end 90 days after they began (the default of SESSION_MAX_AGE_DAYS).
UPDATE "user_tokens" SET "absolute_expires_at" = "created_at" + interval '90 days' WHERE "absolute_expires_at" IS NULL;
