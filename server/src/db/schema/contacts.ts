import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, ownerColumn, updatedAtColumn, workspaceColumn } from './columns';

export const contacts = pgTable(
  'contacts',
  {
    id: idColumn(),
    userId: ownerColumn(),
    workspaceId: workspaceColumn(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    company: text('company'),
    /** An http(s) address, or null; read by one contact's screens, not by the list. */
    website: text('website'),
    /**
     * The e-mail in lower case, kept by the database: a lead's and an import's duplicate check compare it with `=`,
     * which row-level security lets use an index (a condition on lower(email) it does not: lower() is not leakproof).
     */
    emailKey: text('email_key').generatedAlwaysAs(sql`lower(email)`),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // The list is read per user, ordered by name (part 1 §7), either way.
    index('contacts_workspace_name_idx').on(t.workspaceId, t.name, t.id),
    // Sorting by a column that may be empty: empty values last ascending (first descending), by the key
    // (column is null, column or '', id), which the list's keyset compares as one row value. "Or ''" is a CASE, not a
    // coalesce: under row-level security PostgreSQL lets only expressions it knows leak nothing (a CASE, not a
    // COALESCE) into an index condition, and the keyset must stay one.
    ...(['email', 'phone', 'company'] as const).map((column) =>
      index(`contacts_workspace_${column}_sort_idx`).on(
        t.workspaceId,
        sql`(${t[column]} is null)`,
        sql`(case when ${t[column]} is null then '' else ${t[column]} end)`,
        t.id,
      ),
    ),
    // The search box: a contains-match on name, e-mail, company and phone together (see contactSearchText).
    index('contacts_search_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.name}, '') || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.company}, '') || ' ' || coalesce(${t.phone}, '')) gin_trgm_ops`,
    ),
    // The duplicate check of imports and leads: a contact with the same e-mail, whatever its case.
    index('contacts_workspace_email_key_idx')
      .on(t.workspaceId, t.emailKey)
      .where(sql`${t.emailKey} is not null`),
  ],
);

/**
 * The triggers on contacts (migration 0009): each statement's rows are counted into user_stats, the dashboard's
 * cards. schema-integrity.test.ts compares this list with the database's triggers, so a new one cannot stay unseen
 * here.
 */
export const contactsTriggers = [
  'contacts_insert_user_stats',
  'contacts_update_user_stats',
  'contacts_delete_user_stats',
] as const;
