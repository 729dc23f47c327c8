-- Hand-written: staged upload chunks are stored without compression. Each is about 51,200
-- characters of HTML, kept for the seconds until finalize reads and removes it; compressing it
-- (pglz) cost the embedded database about half of each chunk's insert (0.2 s of a 9 MB upload's
-- 0.4 s in the database) for disk space that is given back moments later.
ALTER TABLE "upload_chunks" ALTER COLUMN "chunk" SET STORAGE EXTERNAL;
