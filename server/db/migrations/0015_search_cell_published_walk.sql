-- Search at scale (docs/scaling.md, "Search"): a page sorted by date (newest first, and relevance, which
-- is the date after the highlighted listings) walks the listings of the few cells of level 8 (c = 135 /
-- 2^8 = 0.52734375 degrees, about 58 × 43 km) that hold its area, each newest first, merged, as a page
-- by price walks properties_cell_price_idx (migration 0010). A 2 km circle in a town read every listing
-- of its cube through properties_earth_gist and sorted them (1,600 tuples, 3-8 ms at a million
-- listings); by its cells, a few hundred index tuples. The key carries the position and the
-- highlighting (relevance reads only the listings not highlighted from it), so the walk is index-only.
CREATE INDEX "properties_cell_published_idx" ON "properties" USING btree ("sell_type_id", (floor(("geo")[1] / 0.52734375::float8)::int), (floor(("geo")[0] / 0.52734375::float8)::int), "published_at" DESC NULLS LAST, "id" DESC) INCLUDE ("geo", "highlighted_until") WHERE "properties"."status_id" = 2 AND "properties"."geo" IS NOT NULL AND "properties"."published_at" IS NOT NULL;
