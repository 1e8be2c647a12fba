CREATE TABLE "property_view_visitors" (
	"property_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor" varchar(32) NOT NULL,
	CONSTRAINT "property_view_visitors_property_id_day_visitor_pk" PRIMARY KEY("property_id","day","visitor")
);
--> statement-breakpoint
ALTER TABLE "property_view_visitors" ADD CONSTRAINT "property_view_visitors_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_view_visitors_day_idx" ON "property_view_visitors" USING btree ("day");