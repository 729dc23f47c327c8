-- Every server process keeps each page's reader state (published, version, build, block count) in
-- memory and serves chunks from it (server/modules/content/page-states.ts). Whatever changes that
-- state — a save, a publish, a delete (also by cascade from a chapter or book), an import run by
-- another process — tells every listening process which page changed, when its transaction commits.
CREATE FUNCTION notify_page_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('page_state', OLD.id::text);
  ELSIF TG_OP = 'INSERT'
    OR NEW.published IS DISTINCT FROM OLD.published
    OR NEW.version IS DISTINCT FROM OLD.version
    OR NEW.block_count IS DISTINCT FROM OLD.block_count
    OR NEW.build_id IS DISTINCT FROM OLD.build_id THEN
    PERFORM pg_notify('page_state', NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER content_page_state AFTER INSERT OR UPDATE OR DELETE ON "content"
  FOR EACH ROW EXECUTE FUNCTION notify_page_state();
