-- Security review (a password set before the owner proves the mailbox): the session that chose the
-- password of an unconfirmed account, and the password a confirmation opened in another session
-- took away until the person who opened it types it again or chooses a new one (docs/decisions.md).
ALTER TABLE "users" ADD COLUMN "password_set_by_token_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_password_hash" text;