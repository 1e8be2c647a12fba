-- A rent's terms the search filters by (docs/search.md): the lease offered (domain/listing/rent-terms.ts) and
-- whether pets are welcome, null when the listing does not say.
ALTER TABLE "properties" ADD COLUMN "contract_type_id" smallint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "pets_allowed" boolean;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_contract_type_check" CHECK ("contract_type_id" BETWEEN 1 AND 4);--> statement-breakpoint
-- One list of amenities (domain/listing/amenities.ts): "Giardino" (20) is "Giardino privato" (18), and
-- "Giardino privato e condominiale" (23) is 18 and "Giardino condominiale" (19). The listings move onto the
-- kept ids, in their rows and in their wizard's answers; the reference rows stay (ids never change meaning).
INSERT INTO "property_amenities" ("property_id", "amenity_id")
  SELECT "property_id", 18 FROM "property_amenities" WHERE "amenity_id" IN (20, 23)
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "property_amenities" ("property_id", "amenity_id")
  SELECT "property_id", 19 FROM "property_amenities" WHERE "amenity_id" = 23
  ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "property_amenities" WHERE "amenity_id" IN (20, 23);--> statement-breakpoint
UPDATE "properties" AS p
  SET "wizard_answers" = jsonb_set(p."wizard_answers", '{amenities,amenityIds}', (
    SELECT coalesce(jsonb_agg(DISTINCT kept ORDER BY kept), '[]'::jsonb)
    FROM (
      SELECT CASE WHEN e.id_text::int IN (20, 23) THEN 18 ELSE e.id_text::int END AS kept
        FROM jsonb_array_elements_text(p."wizard_answers" -> 'amenities' -> 'amenityIds') AS e(id_text)
      UNION ALL
      SELECT 19 WHERE p."wizard_answers" -> 'amenities' -> 'amenityIds' @> '[23]'::jsonb
    ) AS ids
  ))
  WHERE jsonb_typeof(p."wizard_answers" -> 'amenities' -> 'amenityIds') = 'array'
    AND (p."wizard_answers" -> 'amenities' -> 'amenityIds' @> '[20]'::jsonb OR p."wizard_answers" -> 'amenities' -> 'amenityIds' @> '[23]'::jsonb);
