-- Search at scale (docs/scaling.md, "Search"): the two geographic indexes of 0004 again,
-- under the same names and with the same keys and predicates, now carrying the columns
-- the search reads for its total, its extent, its map markers and its sort keys. A
-- viewport or circle over a big city selects tens of thousands of published listings
-- spread over as many heap pages; with these columns in the index the total and the
-- markers are index-only scans (1M synthetic listings, a zoom-12 viewport over Roma:
-- 26,248 heap blocks read -> none, 626 -> 46 ms on a loaded 2-core machine). The schema
-- (server/db/schema/properties.ts) declares the indexes without INCLUDE: drizzle cannot
-- express it; the names, keys and predicates agree, so later diffs see no change.
DROP INDEX IF EXISTS "properties_geo_gist";--> statement-breakpoint
CREATE INDEX "properties_geo_gist" ON "properties" USING gist ("geo") INCLUDE ("sell_type_id", "price", "show_address", "latitude", "longitude", "id", "published_at", "highlighted_until") WHERE "properties"."status_id" = 2;--> statement-breakpoint
DROP INDEX IF EXISTS "properties_earth_gist";--> statement-breakpoint
CREATE INDEX "properties_earth_gist" ON "properties" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("sell_type_id", "price", "show_address", "latitude", "longitude", "id", "published_at", "highlighted_until") WHERE "properties"."status_id" = 2 and "properties"."latitude" is not null and "properties"."longitude" is not null;
