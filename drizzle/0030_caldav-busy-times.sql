CREATE TABLE "calendar_busy_sources" (
	"user_id" uuid NOT NULL,
	"calendar_url" text NOT NULL,
	"ctag" text,
	"sync_token" text,
	"window_end" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	CONSTRAINT "calendar_busy_sources_pkey" PRIMARY KEY("user_id","calendar_url")
);
--> statement-breakpoint
CREATE TABLE "calendar_busy_times" (
	"user_id" uuid NOT NULL,
	"calendar_url" text NOT NULL,
	"event_uid" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	CONSTRAINT "calendar_busy_times_end_after_start" CHECK ("calendar_busy_times"."ends_at" > "calendar_busy_times"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "calendar_busy_sources" ADD CONSTRAINT "calendar_busy_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_busy_times" ADD CONSTRAINT "calendar_busy_times_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_busy_times_user_during_idx" ON "calendar_busy_times" USING gist ("user_id",tstzrange("starts_at", "ends_at"));--> statement-breakpoint
CREATE INDEX "calendar_busy_times_user_calendar_idx" ON "calendar_busy_times" USING btree ("user_id","calendar_url");