import { and, asc, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { contactCsvHeader } from '@common/contacts';
import type { Db } from '../../db/client';
import { afterKey } from '../../db/keyset';
import { contacts } from '../../db/schema';
import type { CursorKey } from '../../http/cursor';

const EXPORT_BATCH = 1000;

/**
 * A value a spreadsheet would run as a formula (or that starts with a tab or carriage return, which some strip
 * before looking): prefixed with ' so it is shown as text. Papaparse's own `escapeFormulae: true` tests with
 * `.*$`, which misses a value with a line break, hence the plain prefix test here.
 */
export const formulaStart = /^[=+\-@\t\r]/;

/**
 * The user's contacts as CSV (header Name,Email,Phone,Company, then by name), a batch at a time read by keyset
 * on contacts_user_name_idx: however many contacts there are, one batch is in memory.
 */
export async function* contactsCsv(db: Db, userId: string): AsyncGenerator<string> {
  yield Papa.unparse([[...contactCsvHeader]], { newline: '\r\n' });
  let after: CursorKey | null = null;
  do {
    const rows = await db
      .select({
        id: contacts.id,
        name: contacts.name,
        email: contacts.email,
        phone: contacts.phone,
        company: contacts.company,
      })
      .from(contacts)
      .where(and(eq(contacts.userId, userId), afterKey(contacts.name, contacts.id, after)))
      .orderBy(asc(contacts.name), asc(contacts.id))
      .limit(EXPORT_BATCH);
    if (rows.length) {
      const cells = rows.map((row) => [row.name, row.email ?? '', row.phone ?? '', row.company ?? '']);
      yield `\r\n${Papa.unparse(cells, { newline: '\r\n', escapeFormulae: formulaStart })}`;
    }
    const last = rows.at(-1);
    after = rows.length === EXPORT_BATCH && last ? [last.name, last.id] : null;
  } while (after);
  yield '\r\n';
}
