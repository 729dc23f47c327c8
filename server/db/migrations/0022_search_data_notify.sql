-- Hand-written (decision 066): every server process keeps the search's answers in memory until
-- something they are read from changes (server/modules/search/search-answers.ts). Pages, their titles
-- and places already notify channels `page_state` and `title_bar` (0009, 0015); these notify channel
-- `search_data` when terms, their forms or the collections change, whoever writes them (another
-- server process, `npm run import`), so another process's answers are not kept past the change.
-- Statement triggers: one notice per statement, and PostgreSQL sends one per transaction and channel.
CREATE FUNCTION notify_search_data() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('search_data', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER terms_search_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON terms
  FOR EACH STATEMENT EXECUTE FUNCTION notify_search_data();
--> statement-breakpoint
CREATE TRIGGER term_forms_search_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON term_forms
  FOR EACH STATEMENT EXECUTE FUNCTION notify_search_data();
--> statement-breakpoint
CREATE TRIGGER collections_search_data AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON collections
  FOR EACH STATEMENT EXECUTE FUNCTION notify_search_data();
