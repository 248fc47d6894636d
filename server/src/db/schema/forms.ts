import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { deals } from './deals';
import { createdAtColumn, idColumn, ownerColumn, updatedAtColumn, workspaceColumn } from './columns';

// Shapes of the JSON columns (part 2 §3). The payload schemas in common/ are the contract; these types only
// describe what is stored, so a service reading a row gets a typed value.

export interface StoredFormField {
  id: string;
  type: string;
  label: string;
  required: boolean;
  placeholder?: string;
  helpText?: string;
  options?: string[];
  validation?: string;
}

export interface StoredFormSettings {
  autoCreateDeal: boolean;
  dealStage: string;
  notifyOnSubmission: boolean;
  redirectUrl?: string;
  successMessage: string;
  /** Deal property (name, value, stage, contact_email, ...) → form field id. */
  fieldMapping: Record<string, string>;
}

export interface StoredFormStyle {
  theme: 'light' | 'dark' | 'auto';
  primaryColor: string;
  backgroundColor: string;
  borderRadius: 'none' | 'sm' | 'md' | 'lg' | 'full';
  fontFamily: 'sans' | 'serif' | 'mono';
  customCss?: string;
}

export const defaultFormSettings: StoredFormSettings = {
  autoCreateDeal: false,
  dealStage: 'Lead',
  notifyOnSubmission: true,
  successMessage: 'Thank you for your submission!',
  fieldMapping: {},
};

// theme and fontFamily have no default in the spec: light matches the default white background.
export const defaultFormStyle: StoredFormStyle = {
  theme: 'light',
  primaryColor: '#3B82F6',
  backgroundColor: '#FFFFFF',
  borderRadius: 'md',
  fontFamily: 'sans',
};

export const forms = pgTable(
  'forms',
  {
    id: idColumn(),
    userId: ownerColumn(),
    workspaceId: workspaceColumn(),
    name: text('name').notNull(),
    description: text('description'),
    fields: jsonb('fields').$type<StoredFormField[]>().notNull().default([]),
    settings: jsonb('settings').$type<StoredFormSettings>().notNull().default(defaultFormSettings),
    style: jsonb('style').$type<StoredFormStyle>().notNull().default(defaultFormStyle),
    /** The custom CSS as the public page serves it (scopeCustomCss), made when the form is saved; null: none. */
    scopedCss: text('scoped_css'),
    /** FORM_CSS_VERSION of the rules that made scoped_css; 0: not made yet (saved before the column existed). */
    scopedCssVersion: integer('scoped_css_version').notNull().default(0),
    /** Kept by the submission's own transaction: a page of form cards never counts submissions. */
    submissionCount: integer('submission_count').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check('forms_fields_is_array', sql`jsonb_typeof(${t.fields}) = 'array'`),
    check('forms_settings_is_object', sql`jsonb_typeof(${t.settings}) = 'object'`),
    check('forms_style_is_object', sql`jsonb_typeof(${t.style}) = 'object'`),
    // Listed per user, newest first (part 2 §7), paged by (created_at, id).
    index('forms_workspace_created_idx').on(t.workspaceId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Global search (decisions.md item 17): a contains-match on the name.
    index('forms_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** A field of the form as a submission saw it. */
export interface SubmittedField {
  id: string;
  label: string;
  type: string;
}

/** What the public form page received (decisions.md item 13). */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: idColumn(),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    /** The form's owner, copied so that every query and shard key stays per user. */
    userId: ownerColumn(),
    workspaceId: workspaceColumn(),
    /** Field id → submitted value, after validation against the form's fields. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** The form's fields (id, label, type) as they were when this was submitted: later edits never garble it. */
    fields: jsonb('fields').$type<SubmittedField[]>().notNull().default([]),
    /** Why autoCreateDeal made no deal (e.g. no default pipeline), for the owner to see; null otherwise. */
    dealSkippedReason: text('deal_skipped_reason'),
    /** A keyed hash of the sender's IP (never the address itself), or null when unknown. */
    ipHash: text('ip_hash'),
    /** Sent by the page with each submission; a resubmission with the same key is not stored twice. */
    idempotencyKey: text('idempotency_key'),
    createdDealId: uuid('created_deal_id').references(() => deals.id, { onDelete: 'set null' }),
    createdContactId: uuid('created_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('form_submissions_data_is_object', sql`jsonb_typeof(${t.data}) = 'object'`),
    unique('form_submissions_form_idempotency_key_unique').on(t.formId, t.idempotencyKey),
    // A form's submissions, newest first, paged by (created_at, id).
    index('form_submissions_form_created_idx').on(t.formId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // New submissions across the user's forms (notifications, decisions.md item 17).
    index('form_submissions_workspace_created_idx').on(t.workspaceId, t.createdAt.desc().nullsFirst()),
    // Behind the SET NULL foreign keys.
    index('form_submissions_deal_idx')
      .on(t.createdDealId)
      .where(sql`${t.createdDealId} is not null`),
    index('form_submissions_contact_idx')
      .on(t.createdContactId)
      .where(sql`${t.createdContactId} is not null`),
  ],
);
