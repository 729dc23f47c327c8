CREATE TABLE "trash" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"entity_id" integer NOT NULL,
	"title" text NOT NULL,
	"parent_id" integer,
	"parent_title" text,
	"chapter_count" integer DEFAULT 0 NOT NULL,
	"page_count" integer DEFAULT 0 NOT NULL,
	"deleted_by" integer,
	"deleted_by_name" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purge_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trash_rows" (
	"trash_id" integer NOT NULL,
	"table_name" text NOT NULL,
	"row_id" integer,
	"row" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trash" ADD CONSTRAINT "trash_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trash_rows" ADD CONSTRAINT "trash_rows_trash_id_trash_id_fk" FOREIGN KEY ("trash_id") REFERENCES "public"."trash"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trash_purge_after_index" ON "trash" USING btree ("purge_after");--> statement-breakpoint
CREATE INDEX "trash_kind_entity_id_index" ON "trash" USING btree ("kind","entity_id");--> statement-breakpoint
CREATE INDEX "trash_rows_trash_id_table_name_index" ON "trash_rows" USING btree ("trash_id","table_name");--> statement-breakpoint
CREATE INDEX "trash_rows_table_name_row_id_index" ON "trash_rows" USING btree ("table_name","row_id");