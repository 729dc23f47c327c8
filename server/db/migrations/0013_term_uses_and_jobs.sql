CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"message" text,
	"started_by" integer,
	"started_by_name" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term_uses" (
	"build_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"places" integer NOT NULL,
	"anchor" text NOT NULL,
	CONSTRAINT "term_uses_build_id_term_id_pk" PRIMARY KEY("build_id","term_id")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_uses" ADD CONSTRAINT "term_uses_build_id_reader_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."reader_builds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_kind_started_at_index" ON "jobs" USING btree ("kind","started_at");--> statement-breakpoint
CREATE INDEX "term_uses_term_id_index" ON "term_uses" USING btree ("term_id");--> statement-breakpoint
CREATE INDEX "content_build_id_index" ON "content" USING btree ("build_id");