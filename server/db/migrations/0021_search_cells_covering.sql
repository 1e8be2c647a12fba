-- Search at scale (docs/bench-journal.md, "2026-11-29, second step: cold searches"): the cells a map view
-- or a circle reads are read from their index alone. Each search reads a few hundred cells (a 2 km
-- circle: ~300 of the finest level) by ranges of their key; through the key alone, each row was a heap
-- fetch (a buffer and a tuple per cell, a third of the markers' time). The two indexes now carry what a
-- marker sums, so the reads are index-only scans (about 55 buffers instead of 350 for that circle). The
-- price: an update of a cell (every listing's write, in its 14 levels) writes both index entries anew,
-- where it was often a HOT update. The schema cannot declare INCLUDE (as in 0007): the names and key
-- columns agree with it.
ALTER TABLE "search_cells" DROP CONSTRAINT "search_cells_pkey";--> statement-breakpoint
ALTER TABLE "search_cells" ADD CONSTRAINT "search_cells_pkey" PRIMARY KEY ("sell_type_id","level","cy","cx") INCLUDE ("listings","latitude_nano_sum","longitude_nano_sum","min_id","price_sum","priced");--> statement-breakpoint
DROP INDEX "search_cells_column_idx";--> statement-breakpoint
CREATE INDEX "search_cells_column_idx" ON "search_cells" USING btree ("sell_type_id","level","cx","cy") INCLUDE ("listings","latitude_nano_sum","longitude_nano_sum","min_id","price_sum","priced");
