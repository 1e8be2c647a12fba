-- Markers from memory (docs/scaling.md): each server keeps the public position, sell type, id and price of
-- every published listing, and brings its copy up to date from this feed. The trigger that keeps
-- search_cells (0007, 0009) writes one row for each listing whose markers' data changed, in the writer's
-- transaction; its transaction id tells a reader which rows may have committed since its last read.
-- Rows older than ten minutes are deleted by the trigger itself now and then.
CREATE TABLE "search_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"xid" bigint DEFAULT txid_current() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_changes_xid_idx" ON "search_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "search_changes_at_idx" ON "search_changes" USING btree ("at");--> statement-breakpoint
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
  IF was_in OR is_in THEN
    INSERT INTO search_changes (property_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
    -- About one change in a hundred deletes the feed's rows older than ten minutes (readers that fell further
    -- behind load their copy anew), on every backend, whether or not a server reads the feed.
    IF random() < 0.01 THEN
      DELETE FROM search_changes WHERE at < now() - interval '10 minutes';
    END IF;
  END IF;
  IF was_in AND is_in AND OLD.sell_type_id = NEW.sell_type_id AND OLD.geo[0] = NEW.geo[0] AND OLD.geo[1] = NEW.geo[1] THEN
    IF OLD.price IS DISTINCT FROM NEW.price THEN
      UPDATE search_cells AS c SET
          price_sum = c.price_sum - coalesce(OLD.price, 0) + coalesce(NEW.price, 0),
          priced = c.priced - (OLD.price IS NOT NULL)::int + (NEW.price IS NOT NULL)::int
        FROM (SELECT g AS level, floor(NEW.geo[1] / search_cell_size(g))::int AS cy, floor(NEW.geo[0] / search_cell_size(g))::int AS cx FROM generate_series(3, 16) AS g) AS k
       WHERE c.sell_type_id = NEW.sell_type_id AND c.level = k.level AND c.cy = k.cy AND c.cx = k.cx;
    END IF;
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
$$;
