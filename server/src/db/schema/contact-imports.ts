import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { contactImportRefusalKinds, contactImportStates } from '../../../../common/contacts';
import { isOneOf } from './check-helpers';
import { createdAtColumn, idColumn, ownerColumn, workspaceColumn } from './columns';

/**
 * A CSV import of contacts, run by the job queue (contacts/import-job.ts): the member's own, in one workspace. The
 * file waits under DATA_DIR until the import ends. `file_offset` and the counts are the checkpoint, written in the
 * transaction of each piece's contacts, so a job taken over after a killed process goes on where the last one
 * committed, never importing a row twice.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: idColumn(),
    workspaceId: workspaceColumn(),
    userId: ownerColumn(),
    fileName: text('file_name').notNull(),
    /** The import's options: the column mapping, the duplicates choice, and the file's delimiter and line end. */
    options: jsonb('options').notNull(),
    state: text('state').notNull().default('importing'),
    error: text('error'),
    /** Data rows in the file (blank lines left out), counted when it was uploaded. */
    totalRows: integer('total_rows').notNull(),
    rowsDone: integer('rows_done').notNull().default(0),
    /** Records read so far, the header and blank lines included: the next record's row number is this plus one. */
    recordsDone: integer('records_done').notNull().default(0),
    fileOffset: bigint('file_offset', { mode: 'number' }).notNull().default(0),
    imported: integer('imported').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** Hidden from the contacts page by its member (the report stays until the next import). */
    dismissed: boolean('dismissed').notNull().default(false),
    createdAt: createdAtColumn(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('contact_imports_member_idx').on(t.workspaceId, t.userId, t.createdAt),
    check('contact_imports_state_check', isOneOf(t.state, contactImportStates)),
  ],
);

/** A row of an import's file that was not imported: invalid, or a duplicate skipped. Its cells, for the report. */
export const contactImportRefusals = pgTable(
  'contact_import_refusals',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => contactImports.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    row: integer('row').notNull(),
    /** Why an invalid row was refused; null for a duplicate. */
    reason: text('reason'),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    company: text('company'),
  },
  (t) => [
    // The result's first rows of each kind, and the report, in this order.
    primaryKey({ columns: [t.importId, t.kind, t.row] }),
    check('contact_import_refusals_kind_check', isOneOf(t.kind, contactImportRefusalKinds)),
  ],
);
