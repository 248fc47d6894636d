import { and, asc } from 'drizzle-orm';
import { contactCsvHeader } from '@common/contacts';
import type { Db } from '../../db/client';
import { asMember, visibleTo, type Member } from '../../db/member-scope';
import { afterKey } from '../../db/keyset';
import { contacts } from '../../db/schema';
import { csvLines } from '../../http/csv';
import type { CursorKey } from '../../http/cursor';

export { formulaStart } from '../../http/csv';

const EXPORT_BATCH = 1000;

/**
 * The user's contacts as CSV (header Name,Email,Phone,Company, then by name), a batch at a time read by keyset
 * on contacts_workspace_name_idx: however many contacts there are, one batch is in memory.
 */
export async function* contactsCsv(db: Db, member: Member): AsyncGenerator<string> {
  yield csvLines([[...contactCsvHeader]]);
  let after: CursorKey | null = null;
  do {
    const rows = await contactBatch(db, member, after);
    if (rows.length) {
      const cells = rows.map((row) => [row.name, row.email ?? '', row.phone ?? '', row.company ?? '']);
      yield `\r\n${csvLines(cells)}`;
    }
    const last = rows.at(-1);
    after = rows.length === EXPORT_BATCH && last ? [last.name, last.id] : null;
  } while (after);
  yield '\r\n';
}

/** One batch, read apart as the member: the stream outlives any one request to the database. */
function contactBatch(db: Db, member: Member, after: CursorKey | null) {
  return asMember(
    db,
    member,
    (tx) =>
      tx
        .select({
          id: contacts.id,
          name: contacts.name,
          email: contacts.email,
          phone: contacts.phone,
          company: contacts.company,
        })
        .from(contacts)
        .where(and(visibleTo(contacts, member), afterKey(contacts.name, contacts.id, after)))
        .orderBy(asc(contacts.name), asc(contacts.id))
        .limit(EXPORT_BATCH),
    { readOnly: true },
  );
}
