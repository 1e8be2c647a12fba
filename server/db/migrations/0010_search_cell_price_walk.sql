-- Search at scale (docs/scaling.md, "Search"): a page sorted by price walks the listings of the few cells
-- of level 8 (c = 135 / 2^8 = 0.52734375 degrees, about 58 × 43 km) that hold its area, each in price
-- order, merged, instead of the country's price index from the cursor: in a city the country's cheapest
-- are mostly elsewhere (the next page of a Rome viewport read ~1,900 index tuples for 21 rows; by its
-- cell, ~35). The cell is computed from the public position exactly as search_cells and the live
-- markers compute it (floor(x / c)); the key carries the position, so the walk is index-only.
CREATE INDEX "properties_cell_price_idx" ON "properties" USING btree ("sell_type_id", (floor(("geo")[1] / 0.52734375::float8)::int), (floor(("geo")[0] / 0.52734375::float8)::int), "price", "id") INCLUDE ("geo") WHERE "properties"."status_id" = 2 AND "properties"."geo" IS NOT NULL AND "properties"."price" IS NOT NULL;
