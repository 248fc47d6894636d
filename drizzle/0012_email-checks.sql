CREATE TABLE "email_imap_folders" (
	"account_id" uuid NOT NULL,
	"path" text NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint,
	CONSTRAINT "email_imap_folders_pk" PRIMARY KEY("account_id","path")
);
--> statement-breakpoint
ALTER TABLE "email_server_config" DROP CONSTRAINT "email_server_config_server_type_check";--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "check_every_minutes" integer;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "last_check_error" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "check_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_imap_folders" ADD CONSTRAINT "email_imap_folders_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_accounts_next_check_idx" ON "email_accounts" USING btree ("next_check_at") WHERE "email_accounts"."check_every_minutes" is not null;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_check_every_check" CHECK ("email_accounts"."check_every_minutes" in (5, 15, 30, 60));--> statement-breakpoint
ALTER TABLE "email_server_config" ADD CONSTRAINT "email_server_config_server_type_check" CHECK ("email_server_config"."server_type" in ('pop3', 'imap', 'smtp'));