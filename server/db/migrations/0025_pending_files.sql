-- Files in storage that no committed row owns (yet, or any more): an upload's before its media rows commit, a
-- deletion's until its files are gone. The housekeeping job deletes the files of keys left here by a killed server
-- (server/modules/listing-media/pending-files.ts).
CREATE TABLE "pending_files" (
	"storage_key" varchar(512) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "pending_files_created_idx" ON "pending_files" USING btree ("created_at");
