CREATE TABLE "agency_phone_reveals" (
	"agency_id" integer NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agency_phone_reveals_agency_id_day_pk" PRIMARY KEY("agency_id","day")
);
--> statement-breakpoint
ALTER TABLE "agency_phone_reveals" ADD CONSTRAINT "agency_phone_reveals_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;