import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isNotBlank, isOneOf } from './check-helpers';
import { contacts } from './contacts';
import { pipelines } from './pipelines';
import { dealCurrencies } from '../../../../common/constants';
import { createdAtColumn, idColumn, ownerColumn, workspaceColumn } from './columns';

export const deals = pgTable(
  'deals',
  {
    id: idColumn(),
    userId: ownerColumn(),
    workspaceId: workspaceColumn(),
    name: text('name').notNull(),
    /** One of the pipeline's stage names; the pipeline's list is free text, so it is not checked here. */
    stage: text('stage').notNull().default('Lead'),
    /** Drizzle returns numeric as a string ("1234.50") to keep the exact value. */
    value: numeric('value', { precision: 14, scale: 2 }),
    currency: text('currency').notNull().default('USD'),
    /** A date: the deal counts as expired after the end of that day (part 2 §4). */
    expectedCloseDate: date('expected_close_date'),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    // RESTRICT, not SET NULL: the board reads deals per pipeline, so a deal left without one would vanish from
    // it while still counting on the dashboard. A pipeline that still has deals cannot be deleted; the service
    // moves or deletes them first (the database answers SQLSTATE 23001, or 23503 before PostgreSQL 16). Deleting the user still removes both.
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'restrict' }),
    createdAt: createdAtColumn(),
    /** Free text, or null; read with one deal (its details), never by the board. */
    notes: text('notes'),
    /**
     * When the deal last entered the stage 'Won', set and cleared by the deal service on every stage change; the
     * dashboard's Monthly Revenue charts by it. Null for deals won before the column existed (the chart falls
     * back to their expected close date) and for deals not Won.
     */
    wonAt: timestamp('won_at', { withTimezone: true }),
  },
  (t) => [
    check('deals_name_not_blank', isNotBlank(t.name)),
    check('deals_stage_not_blank', isNotBlank(t.stage)),
    check('deals_value_not_negative', sql`${t.value} >= 0`),
    check('deals_currency_check', isOneOf(t.currency, dealCurrencies)),
    // The board: one column (a pipeline's stage) newest first, read a page at a time by keyset (part 2 §7);
    // its (user_id, pipeline_id) prefix also counts a pipeline's deals.
    index('deals_workspace_pipeline_stage_created_idx').on(
      t.workspaceId,
      t.pipelineId,
      t.stage,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Dashboard sums and overview by stage (part 1 §7); also "select all for the user".
    index('deals_workspace_stage_idx').on(t.workspaceId, t.stage),
    // Behind the foreign keys: the pipeline delete check and the SET NULL on contact delete.
    index('deals_pipeline_idx').on(t.pipelineId),
    index('deals_contact_idx')
      .on(t.contactId)
      .where(sql`${t.contactId} is not null`),
    // Global search (decisions.md item 17): a contains-match on the name.
    index('deals_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * The triggers on deals: each statement's rows are counted into user_stats, the dashboard's cards (migration 0009),
 * and into deal_stage_totals, the board's column counts and sums (migration 0011). schema-integrity.test.ts
 * compares this list with the database's triggers, so a new one cannot stay unseen here.
 */
export const dealsTriggers = [
  'deals_insert_user_stats',
  'deals_update_user_stats',
  'deals_delete_user_stats',
  'deals_insert_stage_totals',
  'deals_update_stage_totals',
  'deals_delete_stage_totals',
] as const;
