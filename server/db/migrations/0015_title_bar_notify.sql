-- The HTML of a reader page is made from its title bar (title, chapter, book, previous and next
-- page), which every server process keeps in memory until something changes
-- (server/modules/content/first-view.ts). Page states already notify channel `page_state` (0009);
-- these notify it too when a page's title, place or order changes, and channel `title_bar` when a
-- chapter's or a book's title, place or order does, so another process's title bars are never kept
-- past such a change. (A chapter or book deleted takes its pages with it, which notify as pages.)
CREATE OR REPLACE FUNCTION notify_page_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('page_state', OLD.id::text);
  ELSIF TG_OP = 'INSERT'
    OR NEW.published IS DISTINCT FROM OLD.published
    OR NEW.version IS DISTINCT FROM OLD.version
    OR NEW.block_count IS DISTINCT FROM OLD.block_count
    OR NEW.build_id IS DISTINCT FROM OLD.build_id
    OR NEW.title IS DISTINCT FROM OLD.title
    OR NEW.chapter_id IS DISTINCT FROM OLD.chapter_id
    OR NEW."order" IS DISTINCT FROM OLD."order" THEN
    PERFORM pg_notify('page_state', NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION notify_title_bar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('title_bar', TG_TABLE_NAME || ' ' || NEW.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER chapters_title_bar AFTER UPDATE OF title, book_id, "order" ON chapters
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.book_id IS DISTINCT FROM NEW.book_id
    OR OLD."order" IS DISTINCT FROM NEW."order")
  EXECUTE FUNCTION notify_title_bar();
--> statement-breakpoint
CREATE TRIGGER books_title_bar AFTER UPDATE OF title, "order" ON books
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD."order" IS DISTINCT FROM NEW."order")
  EXECUTE FUNCTION notify_title_bar();
