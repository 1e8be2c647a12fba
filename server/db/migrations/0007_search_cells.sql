-- Search at scale, part 3 (docs/scaling.md, "Search"): what a large area needs to answer in a few
-- milliseconds at a million listings.
--
-- 1. search_cells: published listings counted per cell of the markers' grid (levels 3-16, c = 135 / 2^L
--    degrees, the cell of zoom L), by sell type, with the sums of the public coordinates (in nanodegrees,
--    integers, so exact in any order), the smallest id
--    and the prices; kept by the trigger search_cells_change, rebuilt by search_cells_rebuild(). A map view
--    without filters reads its markers and its total from the cells inside it instead of every listing.
-- 2. Indexes a page can walk in the order of its sort and stop at a full page: by sell type and price
--    (properties_sort_price_idx, same keys as 0004) and by sell type and publication, newest first
--    (properties_sort_published_idx, now descending), both carrying the public position; and the
--    listings that bought the first row, by position (properties_highlighted_gist).
-- 3. properties_cell_idx: the listings by their finest cell, for the border of a circle read from the cells.
-- 4. properties_earth_gist carries `geo` too, so a circle's total, markers and sort keys are index-only
--    scans (its filter recomputes the distance from geo).
-- The schema cannot declare INCLUDE (as in 0005): names, keys and predicates agree with it.
CREATE TABLE "search_cells" (
	"sell_type_id" smallint NOT NULL,
	"level" smallint NOT NULL,
	"cy" integer NOT NULL,
	"cx" integer NOT NULL,
	"listings" integer NOT NULL,
	"latitude_nano_sum" bigint NOT NULL,
	"longitude_nano_sum" bigint NOT NULL,
	"min_id" integer NOT NULL,
	"price_sum" bigint NOT NULL,
	"priced" integer NOT NULL,
	CONSTRAINT "search_cells_pkey" PRIMARY KEY("sell_type_id","level","cy","cx")
);
--> statement-breakpoint
DROP INDEX "properties_sort_published_idx";--> statement-breakpoint
CREATE INDEX "search_cells_column_idx" ON "search_cells" USING btree ("sell_type_id","level","cx","cy");--> statement-breakpoint
CREATE INDEX "properties_highlighted_gist" ON "properties" USING gist ("geo") INCLUDE ("sell_type_id", "highlighted_until", "published_at", "id") WHERE "properties"."status_id" = 2 and "properties"."highlighted_until" is not null;--> statement-breakpoint
CREATE INDEX "properties_sort_published_idx" ON "properties" USING btree ("sell_type_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("geo", "highlighted_until") WHERE "properties"."status_id" = 2;--> statement-breakpoint
DROP INDEX IF EXISTS "properties_sort_price_idx";--> statement-breakpoint
CREATE INDEX "properties_sort_price_idx" ON "properties" USING btree ("sell_type_id","price","id") INCLUDE ("geo") WHERE "properties"."status_id" = 2;--> statement-breakpoint
-- The listings by their cell of the finest level (16: 135 / 2^16 degrees, the constant written out so the
-- search's expressions match it), carrying what a marker needs: the border of a circle is read as rows of
-- these cells, one descent each. Not in the schema (drizzle cannot declare INCLUDE), like the triggers.
CREATE INDEX "properties_cell_idx" ON "properties" USING btree ("sell_type_id", (floor(("geo")[1] / 0.0020599365234375::float8)::int), (floor(("geo")[0] / 0.0020599365234375::float8)::int)) INCLUDE ("geo", "id", "price") WHERE "properties"."status_id" = 2 AND "properties"."geo" IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "properties_earth_gist";--> statement-breakpoint
CREATE INDEX "properties_earth_gist" ON "properties" USING gist (ll_to_earth(("geo")[1], ("geo")[0])) INCLUDE ("sell_type_id", "price", "show_address", "latitude", "longitude", "id", "published_at", "highlighted_until", "geo") WHERE "properties"."status_id" = 2 and "properties"."latitude" is not null and "properties"."longitude" is not null;--> statement-breakpoint
-- The side of a cell of a level, in degrees: 135 / 2^level, exact in float8 (clusterCellDeg of the app).
CREATE OR REPLACE FUNCTION search_cell_size(level integer) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 135::float8 / (1::bigint << level)::float8
$$;--> statement-breakpoint
-- A coordinate in whole nanodegrees: the cells keep integer sums of them (exact in any order).
CREATE OR REPLACE FUNCTION search_nano(degrees double precision) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT round(degrees * 1e9)::bigint
$$;--> statement-breakpoint
-- One more listing at (x, y) in its cell of every level, coarsest first (the order every writer locks in).
CREATE OR REPLACE FUNCTION search_cells_add(p_sell smallint, p_x double precision, p_y double precision, p_id integer, p_price integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_cells AS c (sell_type_id, level, cy, cx, listings, latitude_nano_sum, longitude_nano_sum, min_id, price_sum, priced)
  SELECT p_sell, l, floor(p_y / search_cell_size(l))::int, floor(p_x / search_cell_size(l))::int, 1, search_nano(p_y), search_nano(p_x), p_id, coalesce(p_price, 0), (p_price IS NOT NULL)::int
    FROM generate_series(3, 16) AS l ORDER BY l
  ON CONFLICT (sell_type_id, level, cy, cx) DO UPDATE SET
    listings = c.listings + 1,
    latitude_nano_sum = c.latitude_nano_sum + excluded.latitude_nano_sum,
    longitude_nano_sum = c.longitude_nano_sum + excluded.longitude_nano_sum,
    min_id = least(c.min_id, excluded.min_id),
    price_sum = c.price_sum + excluded.price_sum,
    priced = c.priced + excluded.priced
$$;--> statement-breakpoint
-- One listing less. Counts and sums move by its share (safe beside concurrent writers: the row lock
-- orders them); a cell left empty goes. When the listing was a cell's smallest id, the new smallest is
-- read from the listings after the cell is locked, in a statement of its own (a fresh snapshot that sees
-- every writer that locked the cell before; a writer still to come applies least() after us). A cell that
-- holds many listings walks the ids in order (the first inside it is the smallest), a small one reads its
-- listings through the GiST. A statement that removes several listings of a cell fires its row triggers
-- after all of them are gone: a cell may then find no listing while triggers still to come count some; it
-- keeps its old smallest id until the last of them empties and deletes it. Every level reads the listings
-- itself, so no cell takes such a value from a finer one.
CREATE OR REPLACE FUNCTION search_cells_remove(p_sell smallint, p_x double precision, p_y double precision, p_id integer, p_price integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  l integer;
  s double precision;
  kx integer;
  ky integer;
  smallest integer;
  remaining integer;
  found_id integer;
  cell box;
  all_listings bigint;
BEGIN
  UPDATE search_cells AS c SET
      listings = c.listings - 1,
      latitude_nano_sum = c.latitude_nano_sum - search_nano(p_y),
      longitude_nano_sum = c.longitude_nano_sum - search_nano(p_x),
      price_sum = c.price_sum - coalesce(p_price, 0),
      priced = c.priced - (p_price IS NOT NULL)::int
    FROM (SELECT g AS level, floor(p_y / search_cell_size(g))::int AS cy, floor(p_x / search_cell_size(g))::int AS cx FROM generate_series(3, 16) AS g) AS k
   WHERE c.sell_type_id = p_sell AND c.level = k.level AND c.cy = k.cy AND c.cx = k.cx;
  DELETE FROM search_cells AS c
   USING (SELECT g AS level, floor(p_y / search_cell_size(g))::int AS cy, floor(p_x / search_cell_size(g))::int AS cx FROM generate_series(3, 16) AS g) AS k
   WHERE c.sell_type_id = p_sell AND c.level = k.level AND c.cy = k.cy AND c.cx = k.cx AND c.listings <= 0;
  FOR l IN REVERSE 16..3 LOOP
    s := search_cell_size(l);
    kx := floor(p_x / s)::int;
    ky := floor(p_y / s)::int;
    SELECT c.min_id, c.listings INTO smallest, remaining FROM search_cells AS c WHERE c.sell_type_id = p_sell AND c.level = l AND c.cy = ky AND c.cx = kx;
    IF NOT FOUND THEN
      CONTINUE;
    END IF;
    -- A cell whose smallest id is another listing's: so are the coarser ones around it.
    EXIT WHEN smallest <> p_id;
    cell := box(point(kx * s - 1e-9, ky * s - 1e-9), point((kx + 1) * s + 1e-9, (ky + 1) * s + 1e-9));
    IF all_listings IS NULL THEN
      SELECT coalesce(sum(listings), 0) INTO all_listings FROM search_cells WHERE sell_type_id = p_sell AND level = 3;
    END IF;
    IF remaining::bigint * remaining > all_listings THEN
      SELECT p.id INTO found_id FROM properties AS p
       WHERE p.status_id = 2 AND p.sell_type_id = p_sell AND on_pb(p.geo, cell)
         AND floor(p.geo[0] / s) = kx AND floor(p.geo[1] / s) = ky
       ORDER BY p.id LIMIT 1;
    ELSE
      SELECT min(p.id + 0) INTO found_id FROM properties AS p
       WHERE p.status_id = 2 AND p.sell_type_id = p_sell AND p.geo <@ cell
         AND floor(p.geo[0] / s) = kx AND floor(p.geo[1] / s) = ky;
    END IF;
    UPDATE search_cells AS c SET min_id = coalesce(found_id, c.min_id)
     WHERE c.sell_type_id = p_sell AND c.level = l AND c.cy = ky AND c.cx = kx;
  END LOOP;
END;
$$;--> statement-breakpoint
-- A listing counts when it is published, has a sell type and a position. An update that changes
-- none of what the cells hold (the cell, the coordinates, the price) leaves them alone.
CREATE OR REPLACE FUNCTION search_cells_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_in boolean := false;
  is_in boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    was_in := OLD.status_id = 2 AND OLD.sell_type_id IS NOT NULL AND OLD.geo IS NOT NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    is_in := NEW.status_id = 2 AND NEW.sell_type_id IS NOT NULL AND NEW.geo IS NOT NULL;
  END IF;
  IF was_in AND is_in AND OLD.sell_type_id = NEW.sell_type_id AND OLD.geo[0] = NEW.geo[0] AND OLD.geo[1] = NEW.geo[1] AND OLD.price IS NOT DISTINCT FROM NEW.price THEN
    RETURN NULL;
  END IF;
  IF was_in THEN
    PERFORM search_cells_remove(OLD.sell_type_id, OLD.geo[0], OLD.geo[1], OLD.id, OLD.price);
  END IF;
  IF is_in THEN
    PERFORM search_cells_add(NEW.sell_type_id, NEW.geo[0], NEW.geo[1], NEW.id, NEW.price);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER search_cells_insert_delete AFTER INSERT OR DELETE ON properties FOR EACH ROW EXECUTE FUNCTION search_cells_change();--> statement-breakpoint
CREATE TRIGGER search_cells_update AFTER UPDATE OF status_id, sell_type_id, latitude, longitude, show_address, price ON properties FOR EACH ROW EXECUTE FUNCTION search_cells_change();--> statement-breakpoint
-- Every cell again from the listings (the finest level) and the finer level (the others): after a
-- bulk load that switched the triggers off (scripts/db-synthetic.ts), and here for the listings there are.
CREATE OR REPLACE FUNCTION search_cells_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  l integer;
BEGIN
  DELETE FROM search_cells;
  INSERT INTO search_cells (sell_type_id, level, cy, cx, listings, latitude_nano_sum, longitude_nano_sum, min_id, price_sum, priced)
  SELECT sell_type_id, 16, floor(geo[1] / search_cell_size(16))::int, floor(geo[0] / search_cell_size(16))::int,
         count(*), sum(search_nano(geo[1])), sum(search_nano(geo[0])), min(id), coalesce(sum(price::bigint), 0), count(price)
    FROM properties
   WHERE status_id = 2 AND sell_type_id IS NOT NULL AND geo IS NOT NULL
   GROUP BY 1, 3, 4;
  FOR l IN REVERSE 15..3 LOOP
    INSERT INTO search_cells (sell_type_id, level, cy, cx, listings, latitude_nano_sum, longitude_nano_sum, min_id, price_sum, priced)
    SELECT sell_type_id, l, cy >> 1, cx >> 1, sum(listings), sum(latitude_nano_sum), sum(longitude_nano_sum), min(min_id), sum(price_sum), sum(priced)
      FROM search_cells
     WHERE level = l + 1
     GROUP BY sell_type_id, cy >> 1, cx >> 1;
  END LOOP;
END;
$$;--> statement-breakpoint
SELECT search_cells_rebuild();--> statement-breakpoint
ANALYZE search_cells;
