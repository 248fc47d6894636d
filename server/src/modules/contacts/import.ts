import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { CONTACT_IMPORT_LISTED_ROWS, type ContactImportField, type ContactImportResult } from '@common/contacts';
import type { Db, Tx } from '../../db/client';
import { ownedBy, visibleSql, visibleTo, type Member } from '../../db/member-scope';
import { contacts } from '../../db/schema';
import type { ContactValues } from './columns';
import type { ImportRow, ParsedImport } from './csv-import';

const WRITE_BATCH = 500;
const LOOKUP_BATCH = 1000;

export interface ImportWrite {
  duplicates: 'skip' | 'update';
  /** The fields the file has a column for: an update leaves the others as they are. */
  mapped: ContactImportField[];
}

/**
 * Stores the valid rows of an import in one transaction, in multi-row statements. A row whose e-mail (any case)
 * is already a contact of the user, or repeats an earlier row, is a duplicate: listed and skipped, or with
 * `update` its values replace the existing contact's (or the earlier row's), counted as updated.
 */
export async function importContacts(
  db: Db,
  member: Member,
  parsed: ParsedImport,
  { duplicates: mode, mapped }: ImportWrite,
): Promise<ContactImportResult> {
  return db.transaction(async (tx) => {
    const existing = await existingEmails(tx, member, parsed.rows);
    const inserts: ContactValues[] = [];
    /** New rows by e-mail key: a later duplicate in the file replaces the values of the earlier one. */
    const insertedAt = new Map<string, number>();
    const updates = new Map<string, ContactValues>();
    const listed: ContactImportResult['duplicates'] = [];
    let skipped = 0;
    let updated = 0;

    for (const { row, values } of parsed.rows) {
      const key = values.email?.toLowerCase();
      const existingId = key === undefined ? undefined : existing.get(key);
      const earlier = key === undefined ? undefined : insertedAt.get(key);
      if (existingId === undefined && earlier === undefined) {
        if (key !== undefined) insertedAt.set(key, inserts.length);
        inserts.push(values);
      } else if (mode === 'skip') {
        skipped++;
        if (listed.length < CONTACT_IMPORT_LISTED_ROWS) listed.push({ row, email: values.email! });
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
    return {
      imported: inserts.length,
      updated,
      skipped: skipped + parsed.invalidCount,
      invalid: parsed.invalid,
      duplicates: listed,
    };
  });
}

/** The member's contacts having the rows' e-mails, by lower-case e-mail (the oldest where several share one). */
async function existingEmails(tx: Tx, member: Member, rows: ImportRow[]): Promise<Map<string, string>> {
  const keys = [...new Set(rows.flatMap(({ values }) => (values.email ? [values.email.toLowerCase()] : [])))];
  const found = new Map<string, string>();
  for (let i = 0; i < keys.length; i += LOOKUP_BATCH) {
    // Answered by contacts_workspace_email_lower_idx.
    const matches = await tx
      .select({ id: contacts.id, key: sql<string>`lower(${contacts.email})` })
      .from(contacts)
      .where(
        and(
          visibleTo(contacts, member),
          isNotNull(contacts.email),
          inArray(sql`lower(${contacts.email})`, keys.slice(i, i + LOOKUP_BATCH)),
        ),
      )
      .orderBy(contacts.createdAt, contacts.id);
    for (const { id, key } of matches) if (!found.has(key)) found.set(key, id);
  }
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
