ALTER TABLE "content" ADD COLUMN "block_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content" ADD COLUMN "size_bytes" integer DEFAULT 0 NOT NULL;