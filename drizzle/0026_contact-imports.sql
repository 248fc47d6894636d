CREATE TABLE "contact_import_refusals" (
	"import_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"row" integer NOT NULL,
	"reason" text,
	"name" text,
	"email" text,
	"phone" text,
	"company" text,
	CONSTRAINT "contact_import_refusals_import_id_kind_row_pk" PRIMARY KEY("import_id","kind","row"),
	CONSTRAINT "contact_import_refusals_kind_check" CHECK ("contact_import_refusals"."kind" in ('invalid', 'duplicate'))
);
--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"options" jsonb NOT NULL,
	"state" text DEFAULT 'importing' NOT NULL,
	"error" text,
	"total_rows" integer NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"records_done" integer DEFAULT 0 NOT NULL,
	"file_offset" bigint DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"dismissed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "contact_imports_state_check" CHECK ("contact_imports"."state" in ('importing', 'done', 'failed'))
);
--> statement-breakpoint
DROP INDEX "contacts_workspace_email_lower_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "email_key" text GENERATED ALWAYS AS (lower(email)) STORED;--> statement-breakpoint
ALTER TABLE "contact_import_refusals" ADD CONSTRAINT "contact_import_refusals_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_imports_member_idx" ON "contact_imports" USING btree ("workspace_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "contacts_workspace_email_key_idx" ON "contacts" USING btree ("workspace_id","email_key") WHERE "contacts"."email_key" is not null;