-- Listing drafts (issue 12): the wizard's answers as each step validated them, and the end of a
-- Premium period bought with the upgrade (service product 8). Both nullable: no rewrite of the table.
ALTER TABLE "properties" ADD COLUMN "wizard_answers" jsonb;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "premium_until" timestamp with time zone;