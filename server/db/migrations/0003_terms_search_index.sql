-- Hand-written: lexicon search is a diacritic- and case-insensitive substring match
-- (f_unaccent(lower(term)) LIKE '%…%'); a trigram index keeps it fast on large lexicons.
CREATE INDEX IF NOT EXISTS "terms_term_search_idx" ON "terms" USING gin (f_unaccent(lower("term")) gin_trgm_ops);
