import { and, inArray, sql } from 'drizzle-orm';
import type { ContactImportField } from '@common/contacts';
import type { Tx } from '../../db/client';
import { ownedBy, visibleSql, visibleTo, type Member } from '../../db/member-scope';
import { contactImportRefusals, contacts } from '../../db/schema';
import type { ContactValues } from './columns';
import { rowValues, type ImportMapping } from './csv-import';

const WRITE_BATCH = 1000;
/** A refused row's cells are kept for the report up to this length each. */
const KEPT_CELL = 1000;

export interface ImportOptions {
  mapping: ImportMapping;
  duplicates: 'skip' | 'update';
  /** The fields the file has a column for: an update leaves the others as they are. */
  mapped: ContactImportField[];
}

/** A data row of the file: its number as a spreadsheet shows it (the header is row 1) and its cells. */
export interface ImportRow {
  row: number;
  cells: string[];
}

export interface PieceCounts {
  imported: number;
  updated: number;
  skipped: number;
}

type Refusal = typeof contactImportRefusals.$inferInsert;

/**
 * Stores one piece of an import's rows in the caller's transaction, in multi-row statements, with the rows it
 * refused. A row whose e-mail (any case) is already a contact of the member (an earlier piece's rows are, by now), or
 * repeats an earlier row of the piece, is a duplicate: refused, or with `update` its values replace the existing
 * contact's (or the earlier row's), counted as updated.
 */
export async function importPiece(
  tx: Tx,
  member: Member,
  importId: string,
  rows: ImportRow[],
  { mapping, duplicates: mode, mapped }: ImportOptions,
): Promise<PieceCounts> {
  const refusals: Refusal[] = [];
  const valid: Array<{ row: number; values: ContactValues }> = [];
  for (const { row, cells } of rows) {
    const checked = rowValues(cells, mapping);
    if ('values' in checked) valid.push({ row, values: checked.values });
    else refusals.push({ importId, kind: 'invalid', row, reason: checked.reason, ...kept(checked.cells) });
  }

  const existing = await existingEmails(tx, member, valid);
  const inserts: ContactValues[] = [];
  /** New rows by e-mail key: a later duplicate in the piece replaces the values of the earlier one. */
  const insertedAt = new Map<string, number>();
  const updates = new Map<string, ContactValues>();
  let updated = 0;
  for (const { row, values } of valid) {
    const key = values.email?.toLowerCase();
    const existingId = key === undefined ? undefined : existing.get(key);
    const earlier = key === undefined ? undefined : insertedAt.get(key);
    if (existingId === undefined && earlier === undefined) {
      if (key !== undefined) insertedAt.set(key, inserts.length);
      inserts.push(values);
    } else if (mode === 'skip') {
      refusals.push({ importId, kind: 'duplicate', row, reason: null, ...kept(values) });
    } else {
      updated++;
      if (existingId !== undefined) updates.set(existingId, values);
      else inserts[earlier!] = values;
    }
  }

  for (let i = 0; i < inserts.length; i += WRITE_BATCH) {
    await tx
      .insert(contacts)
      .values(inserts.slice(i, i + WRITE_BATCH).map((values) => ({ ...values, ...ownedBy(member) })));
  }
  const changes = [...updates];
  for (let i = 0; i < changes.length; i += WRITE_BATCH) {
    await updateBatch(tx, member, changes.slice(i, i + WRITE_BATCH), mapped);
  }
  for (let i = 0; i < refusals.length; i += WRITE_BATCH) {
    await tx.insert(contactImportRefusals).values(refusals.slice(i, i + WRITE_BATCH));
  }
  return { imported: inserts.length, updated, skipped: refusals.length };
}

const clip = (cell: string | null | undefined) => (cell ? cell.slice(0, KEPT_CELL) : null);
const kept = (cells: Partial<Record<ContactImportField, string | null | undefined>>) => ({
  name: clip(cells.name),
  email: clip(cells.email),
  phone: clip(cells.phone),
  company: clip(cells.company),
});

/** The member's contacts having the rows' e-mails, by lower-case e-mail (the oldest where several share one). */
async function existingEmails(
  tx: Tx,
  member: Member,
  rows: Array<{ values: ContactValues }>,
): Promise<Map<string, string>> {
  const keys = [...new Set(rows.flatMap(({ values }) => (values.email ? [values.email.toLowerCase()] : [])))];
  const found = new Map<string, string>();
  if (keys.length === 0) return found;
  // Answered by contacts_workspace_email_key_idx.
  const matches = await tx
    .select({ id: contacts.id, key: contacts.emailKey })
    .from(contacts)
    .where(and(visibleTo(contacts, member), inArray(contacts.emailKey, keys)))
    .orderBy(contacts.createdAt, contacts.id);
  for (const { id, key } of matches) if (key !== null && !found.has(key)) found.set(key, id);
  return found;
}

/** One UPDATE … FROM (VALUES …) for a batch of contacts; fields without a column in the file keep their value. */
function updateBatch(tx: Tx, member: Member, batch: Array<[string, ContactValues]>, mapped: ContactImportField[]) {
  const values = sql.join(
    batch.map(([id, v]) => sql`(${id}::uuid, ${v.name}::text, ${v.email}::text, ${v.phone}::text, ${v.company}::text)`),
    sql`, `,
  );
  const set = sql.join(
    mapped.map((field) => sql`${sql.identifier(field)} = v.${sql.identifier(field)}`),
    sql`, `,
  );
  return tx.execute(sql`update contacts c set ${set}, updated_at = now()
    from (values ${values}) as v(id, name, email, phone, company)
    where c.id = v.id and ${visibleSql(member, { alias: 'c' })}`);
}
