-- Users screen (issue 15): a disabled account (it cannot log in, its sessions are gone) and the
-- time of its last login, for "last seen" after its sessions have ended.
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;