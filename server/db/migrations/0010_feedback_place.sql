-- Feedback tied to the place it was sent from (issue 16): the page (set null when the page is
-- deleted), its title at sending time, and the passage the reader had selected with its block's id.
ALTER TABLE "feedback" ADD COLUMN "content_id" integer;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "page_title" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "passage" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "block_id" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_content_id_content_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_content_id_index" ON "feedback" USING btree ("content_id");