ALTER TYPE "public"."user_action_token_kind" ADD VALUE 'resend_confirmation';--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "authenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "absolute_expires_at" timestamp with time zone;