-- Orders remember where the purchase was made (the wizard's value ladder, or a listing's
-- services in MyRexer), so the payment page sends the buyer back there. A constant default:
-- no rewrite of the table.
CREATE TYPE "public"."order_origin" AS ENUM('wizard', 'myrexer');--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "origin" "order_origin" DEFAULT 'wizard' NOT NULL;