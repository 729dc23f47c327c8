-- Hand-written: "the term starts with what was typed" (f_unaccent(lower(term)) LIKE 'abc%') as a
-- btree range scan. The trigram index answers it too, but slowly for long or common-word input,
-- whose many trigrams each have long posting lists.
CREATE INDEX IF NOT EXISTS "terms_term_prefix_idx" ON "terms" USING btree (f_unaccent(lower("term")) text_pattern_ops);
