-- Edited by hand: drizzle-kit would drop and rebuild the index. Only its storage parameter goes, so
-- the server's gin_pending_list_limit applies (decision 053): 32 MB on the embedded database, where
-- the pending list is merged at a quiet moment instead of during a save, and PostgreSQL's default
-- 4 MB.
ALTER INDEX "search_passages_vector_idx" RESET (gin_pending_list_limit);
