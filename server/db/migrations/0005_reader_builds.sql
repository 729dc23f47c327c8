-- Reader data moves from per-page rows to builds (see reader_builds in schema.ts and decision 008).
-- Hand-ordered so that existing pages keep their blocks, anchors and passages: each page gets one
-- build holding what it had.
CREATE TABLE "reader_builds" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer,
	"anchors" text DEFAULT '[]' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reader_builds" ADD CONSTRAINT "reader_builds_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reader_builds_content_id_index" ON "reader_builds" USING btree ("content_id");--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "build_id" integer;--> statement-breakpoint
ALTER TABLE "content" ADD CONSTRAINT "content_build_id_reader_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."reader_builds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "reader_builds" ("content_id", "anchors")
  SELECT c.id, coalesce((SELECT json_agg(json_build_array(a.anchor, a.position) ORDER BY a.position, a.anchor)::text FROM "reader_anchors" a WHERE a.content_id = c.id), '[]')
  FROM "content" c;--> statement-breakpoint
UPDATE "content" c SET "build_id" = rb.id FROM "reader_builds" rb WHERE rb.content_id = c.id;--> statement-breakpoint
DROP TABLE "reader_anchors" CASCADE;--> statement-breakpoint
ALTER TABLE "reader_blocks" ADD COLUMN "build_id" integer;--> statement-breakpoint
UPDATE "reader_blocks" b SET "build_id" = c.build_id FROM "content" c WHERE c.id = b.content_id;--> statement-breakpoint
ALTER TABLE "reader_blocks" ALTER COLUMN "build_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reader_blocks" DROP CONSTRAINT "reader_blocks_content_id_content_id_fk";--> statement-breakpoint
ALTER TABLE "reader_blocks" DROP CONSTRAINT "reader_blocks_content_id_position_pk";--> statement-breakpoint
ALTER TABLE "reader_blocks" DROP COLUMN "content_id";--> statement-breakpoint
ALTER TABLE "reader_blocks" ADD CONSTRAINT "reader_blocks_build_id_position_pk" PRIMARY KEY("build_id","position");--> statement-breakpoint
ALTER TABLE "reader_blocks" ADD CONSTRAINT "reader_blocks_build_id_reader_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."reader_builds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_passages" ADD COLUMN "build_id" integer;--> statement-breakpoint
UPDATE "search_passages" p SET "build_id" = c.build_id FROM "content" c WHERE c.id = p.content_id;--> statement-breakpoint
ALTER TABLE "search_passages" ALTER COLUMN "build_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "search_passages" DROP CONSTRAINT "search_passages_content_id_content_id_fk";--> statement-breakpoint
DROP INDEX "search_passages_content_id_position_index";--> statement-breakpoint
DROP INDEX "search_passages_vector_idx";--> statement-breakpoint
ALTER TABLE "search_passages" DROP COLUMN "content_id";--> statement-breakpoint
ALTER TABLE "search_passages" ADD CONSTRAINT "search_passages_build_id_reader_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."reader_builds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_passages_build_id_position_index" ON "search_passages" USING btree ("build_id","position");--> statement-breakpoint
CREATE INDEX "search_passages_vector_idx" ON "search_passages" USING gin ("search_vector") WITH (gin_pending_list_limit=1024);
