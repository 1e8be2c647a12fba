-- The searches filter on the PUBLIC position (security review of issue 11): with the exact
-- position a visitor could halve a viewport 33 times and find a listing whose owner hides
-- the address. `geo` becomes the shown position (rounded to 3 decimals, about 100 m, when
-- the address is hidden) and the circle index is built on it. Dropping the column drops
-- properties_geo_gist with it; both indexes come back with the INCLUDE columns of 0005
-- (which the schema cannot declare: names, keys and predicates agree with it). The circle
-- index keeps the predicate on latitude and longitude, which a polygon or view search does
-- not imply, so those never take it for a whole-index scan.
DROP INDEX IF EXISTS "properties_earth_gist";--> statement-breakpoint
DROP INDEX IF EXISTS "properties_geo_gist";--> statement-breakpoint
ALTER TABLE "properties" DROP COLUMN "geo";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "geo" "point" GENERATED ALWAYS AS (case when latitude is not null and longitude is not null then case when show_address then point(longitude, latitude) else point(round(longitude::numeric, 3)::float8, round(latitude::numeric, 3)::float8) end end) STORED;--> statement-breakpoint
CREATE INDEX "properties_geo_gist" ON "properties" USING gist ("geo") INCLUDE ("sell_type_id", "price", "show_address", "latitude", "longitude", "id", "published_at", "highlighted_until") WHERE "properties"."status_id" = 2;--> statement-breakpoint
CREATE INDEX "properties_earth_gist" ON "properties" USING gist (ll_to_earth(("geo")[1], ("geo")[0])) INCLUDE ("sell_type_id", "price", "show_address", "latitude", "longitude", "id", "published_at", "highlighted_until") WHERE "properties"."status_id" = 2 and "properties"."latitude" is not null and "properties"."longitude" is not null;
