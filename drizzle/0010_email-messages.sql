CREATE TABLE "email_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"declared_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	CONSTRAINT "email_attachments_size_check" CHECK ("email_attachments"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "email_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_folders_name_not_blank" CHECK (length(btrim("email_folders"."name")) > 0),
	CONSTRAINT "email_folders_name_length" CHECK (length("email_folders"."name") <= 100)
);
--> statement-breakpoint
CREATE TABLE "email_message_addresses" (
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_message_addresses_pk" PRIMARY KEY("message_id","address")
);
--> statement-breakpoint
CREATE TABLE "email_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid,
	"direction" text NOT NULL,
	"folder" text DEFAULT 'inbox' NOT NULL,
	"custom_folder_id" uuid,
	"is_read" boolean DEFAULT false NOT NULL,
	"is_starred" boolean DEFAULT false NOT NULL,
	"message_id" text,
	"from_name" text DEFAULT '' NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"preview" text DEFAULT '' NOT NULL,
	"text_body" text DEFAULT '' NOT NULL,
	"html_body" text,
	"has_remote_images" boolean DEFAULT false NOT NULL,
	"attachment_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "email_messages_direction_check" CHECK ("email_messages"."direction" in ('in', 'out')),
	CONSTRAINT "email_messages_folder_check" CHECK ("email_messages"."folder" in ('inbox', 'sent', 'spam', 'trash')),
	CONSTRAINT "email_messages_custom_folder_in_inbox" CHECK ("email_messages"."custom_folder_id" is null or "email_messages"."folder" = 'inbox')
);
--> statement-breakpoint
CREATE TABLE "email_remote_uids" (
	"account_id" uuid NOT NULL,
	"uid" text NOT NULL,
	CONSTRAINT "email_remote_uids_pk" PRIMARY KEY("account_id","uid")
);
--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_message_id_email_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."email_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_folders" ADD CONSTRAINT "email_folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_message_addresses" ADD CONSTRAINT "email_message_addresses_message_id_email_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."email_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_message_addresses" ADD CONSTRAINT "email_message_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_custom_folder_id_email_folders_id_fk" FOREIGN KEY ("custom_folder_id") REFERENCES "public"."email_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_remote_uids" ADD CONSTRAINT "email_remote_uids_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_attachments_message_idx" ON "email_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_folders_user_name_unique" ON "email_folders" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "email_message_addresses_user_address_idx" ON "email_message_addresses" USING btree ("user_id","address","received_at" DESC NULLS FIRST,"message_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "email_messages_user_message_id_unique" ON "email_messages" USING btree ("user_id","message_id") WHERE "email_messages"."direction" = 'in' and "email_messages"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "email_messages_user_folder_received_idx" ON "email_messages" USING btree ("user_id","folder","received_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "email_messages"."custom_folder_id" is null;--> statement-breakpoint
CREATE INDEX "email_messages_custom_folder_received_idx" ON "email_messages" USING btree ("custom_folder_id","received_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "email_messages"."custom_folder_id" is not null;--> statement-breakpoint
CREATE INDEX "email_messages_user_starred_idx" ON "email_messages" USING btree ("user_id","received_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "email_messages"."is_starred" and "email_messages"."folder" <> 'trash';--> statement-breakpoint
CREATE INDEX "email_messages_user_inbox_unread_idx" ON "email_messages" USING btree ("user_id") WHERE not "email_messages"."is_read" and "email_messages"."folder" = 'inbox' and "email_messages"."custom_folder_id" is null;--> statement-breakpoint
CREATE INDEX "email_messages_account_idx" ON "email_messages" USING btree ("account_id") WHERE "email_messages"."account_id" is not null;--> statement-breakpoint
CREATE INDEX "email_messages_search_trgm_idx" ON "email_messages" USING gin (("from_name" || ' ' || "from_address" || ' ' || "subject" || ' ' || "text_body") gin_trgm_ops);