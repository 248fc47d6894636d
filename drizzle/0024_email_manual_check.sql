ALTER TABLE "email_accounts" ADD COLUMN "manual_check_state" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "manual_check_new_messages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "manual_check_error" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "manual_check_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "manual_check_finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_manual_check_state_check" CHECK ("email_accounts"."manual_check_state" in ('queued', 'checking', 'done', 'failed'));