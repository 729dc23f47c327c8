ALTER TABLE "content" ADD COLUMN "change_summary" text;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD COLUMN "change_summary" text;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD COLUMN "block_bytes" integer[];