import { and, asc, eq, sql } from 'drizzle-orm';
import { contactMessages } from '@common/contacts';
import type { Db } from '../../db/client';
import type { Member } from '../../db/member-scope';
import { contactImportRefusals } from '../../db/schema';
import { csvLines } from '../../http/csv';
import { importStatus } from './import-job';

const REPORT_BATCH = 2000;
export const importReportHeader = ['Row', 'Reason', 'Name', 'Email', 'Phone', 'Company'];

/**
 * The rows of the member’s import that were not imported, as CSV: the duplicates skipped, then the invalid rows, each
 * by row, with the cells the file gave them (fixed, the file imports again). 404 for anyone else's import; read a
 * batch at a time by the refusals' key, so a report of a million rows holds one batch in memory.
 */
export async function importReportCsv(db: Db, member: Member, importId: string): Promise<AsyncGenerator<string>> {
  await importStatus(db, member, importId);
  return reportLines(db, importId);
}

async function* reportLines(db: Db, importId: string): AsyncGenerator<string> {
  yield csvLines([importReportHeader]);
  let after: { kind: string; row: number } | null = null;
  for (;;) {
    const rows = await db
      .select()
      .from(contactImportRefusals)
      .where(
        and(
          eq(contactImportRefusals.importId, importId),
          after
            ? sql`(${contactImportRefusals.kind}, ${contactImportRefusals.row}) > (${after.kind}, ${after.row})`
            : undefined,
        ),
      )
      .orderBy(asc(contactImportRefusals.kind), asc(contactImportRefusals.row))
      .limit(REPORT_BATCH);
    if (rows.length) {
      const cells = rows.map((r) => [
        String(r.row),
        r.reason ?? contactMessages.importDuplicateReason,
        r.name ?? '',
        r.email ?? '',
        r.phone ?? '',
        r.company ?? '',
      ]);
      yield `\r\n${csvLines(cells)}`;
    }
    const last = rows.at(-1);
    if (rows.length < REPORT_BATCH || !last) break;
    after = { kind: last.kind, row: last.row };
  }
  yield '\r\n';
}
