-- search_cells (0007): a listing that stays in its cells (same sell type, same public position)
-- and changes only its price moves the cells' price sums, in one statement, instead of leaving
-- all 14 cells and entering them again (which read a cell's smallest id again from the listings
-- when it was this one's): a price change cost ~7 ms in the trigger on the 1M bench database,
-- the commonest change of a published listing (reductions).
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
