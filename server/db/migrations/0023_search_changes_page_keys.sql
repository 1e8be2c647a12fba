-- A first page from memory (docs/scaling.md): each server's copy of the listings also keeps the keys a page
-- is sorted by, published_at and highlighted_until, so a change to either must reach the feed (search_changes)
-- as a change of price or position does. search_cells_change writes the feed for every update it sees of a
-- listing in or entering the search; for these two columns it changes no cell (same sell type, position and
-- price: it returns after the feed's row).
DROP TRIGGER IF EXISTS search_cells_update ON properties;--> statement-breakpoint
CREATE TRIGGER search_cells_update AFTER UPDATE OF status_id, sell_type_id, latitude, longitude, show_address, price, published_at, highlighted_until ON properties FOR EACH ROW EXECUTE FUNCTION search_cells_change();
