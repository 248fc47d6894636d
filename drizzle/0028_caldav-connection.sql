CREATE TABLE "caldav_connections" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"server_url" text NOT NULL,
	"username" text NOT NULL,
	"password_encrypted" text NOT NULL,
	"publish_calendar_url" text NOT NULL,
	"publish_calendar_name" text NOT NULL,
	"read_calendars" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"publish_tasks" boolean DEFAULT false NOT NULL,
	"publish_activities" boolean DEFAULT false NOT NULL,
	"show_titles" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caldav_connections_status_check" CHECK ("caldav_connections"."status" in ('connected', 'error')),
	CONSTRAINT "caldav_connections_server_url_not_blank" CHECK (length(btrim("caldav_connections"."server_url")) > 0),
	CONSTRAINT "caldav_connections_username_not_blank" CHECK (length(btrim("caldav_connections"."username")) > 0)
);
--> statement-breakpoint
CREATE TABLE "caldav_publish_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caldav_publish_outbox_kind_check" CHECK ("caldav_publish_outbox"."kind" in ('booking', 'task', 'activity'))
);
--> statement-breakpoint
CREATE TABLE "caldav_published" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"calendar_url" text NOT NULL,
	"href" text NOT NULL,
	"uid" text NOT NULL,
	"etag" text,
	"fingerprint" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caldav_published_user_id_kind_record_id_pk" PRIMARY KEY("user_id","kind","record_id"),
	CONSTRAINT "caldav_published_kind_check" CHECK ("caldav_published"."kind" in ('booking', 'task', 'activity'))
);
--> statement-breakpoint
ALTER TABLE "caldav_connections" ADD CONSTRAINT "caldav_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caldav_published" ADD CONSTRAINT "caldav_published_user_id_caldav_connections_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."caldav_connections"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caldav_publish_outbox_created_idx" ON "caldav_publish_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "caldav_published_record_idx" ON "caldav_published" USING btree ("kind","record_id");