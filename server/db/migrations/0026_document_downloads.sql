CREATE TABLE "document_downloads" (
	"document_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_downloads_document_id_day_source_pk" PRIMARY KEY("document_id","day","source")
);
--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;
