import { and, desc, eq, sql } from 'drizzle-orm';
import type { Submission } from '@common/forms';
import type { Db } from '../../db/client';
import { asMember, inWorkspaceOf, type Member } from '../../db/member-scope';
import { beforeKey, keysetPage } from '../../db/keyset';
import { isoTimestamp } from '../../db/iso-timestamp';
import { formSubmissions, type SubmittedField } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { csvLines } from '../../http/csv';
import type { CursorKey, KeysetPage } from '../../http/cursor';
import { getVisibleFormFields } from './service';
import { microsecondKey } from './stored';

// What a form received, as the members who see the form see it: a table newest first, and the CSV of all of it.

const submissionColumns = {
  id: formSubmissions.id,
  createdAt: isoTimestamp(formSubmissions.createdAt),
  data: formSubmissions.data,
  fields: formSubmissions.fields,
  createdDealId: formSubmissions.createdDealId,
  createdContactId: formSubmissions.createdContactId,
  dealSkippedReason: formSubmissions.dealSkippedReason,
  createdKey: sql<string>`${microsecondKey('form_submissions.created_at')}`,
};
type SubmissionRow = {
  [K in Exclude<keyof typeof submissionColumns, 'createdKey' | 'createdAt'>]: (typeof formSubmissions.$inferSelect)[K];
} & { createdAt: string; createdKey: string };

/** A stored value as the table shows it: text, or a checkbox field's chosen options. */
function toValue(value: unknown): string | string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value);
}

function toSubmission(row: SubmissionRow): Submission {
  return {
    id: row.id,
    createdAt: row.createdAt,
    data: Object.fromEntries(Object.entries(row.data ?? {}).map(([id, value]) => [id, toValue(value)])),
    fields: (row.fields ?? []).map((field) => ({ id: field.id, label: field.label, type: field.type })),
    dealId: row.createdDealId,
    contactId: row.createdContactId,
    dealSkippedReason: row.dealSkippedReason,
  };
}

/**
 * The submissions of one form (found visible to the member first), newest first, before `before`:
 * form_submissions_form_created_idx answers it.
 */
export function submissionsQuery(db: Db, member: Member, formId: string, limit: number, before: CursorKey | null) {
  return db
    .select(submissionColumns)
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.formId, formId),
        inWorkspaceOf(formSubmissions, member),
        beforeKey(formSubmissions.createdAt, formSubmissions.id, before),
      ),
    )
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
    .limit(limit);
}

export interface SubmissionListQuery {
  limit: number;
  before: CursorKey | null;
}

/** A page of a form's submissions, newest first; a form the member does not see: 404. */
export async function listSubmissions(
  db: Db,
  member: Member,
  formId: string,
  { limit, before }: SubmissionListQuery,
): Promise<KeysetPage<Submission>> {
  await getVisibleFormFields(db, member, formId);
  const rows = await submissionsQuery(db, member, formId, limit + 1, before);
  return keysetPage(rows, limit, (row) => [row.createdKey, row.id], toSubmission);
}

const EXPORT_BATCH = 1000;
/** At most this many columns for fields the form no longer has (the most recently submitted first). */
export const MAX_OLD_FIELD_COLUMNS = 200;
export const SUBMITTED_AT_HEADER = 'Submitted at';

/**
 * The fields found in the form's submissions (their latest label), most recently submitted first. One pass over
 * the snapshots in the database before the rows are streamed: the header must name every column up front.
 */
async function submittedFields(db: Db, member: Member, formId: string, limit: number): Promise<SubmittedField[]> {
  return selectRows<SubmittedField>(
    db,
    sql`select id, label, type from (
        select distinct on (f.value->>'id') f.value->>'id' as id, f.value->>'label' as label,
          f.value->>'type' as type, s.created_at
        from form_submissions s cross join lateral jsonb_array_elements(s.fields) f
        where s.form_id = ${formId} and s.workspace_id = ${member.workspaceId} and jsonb_typeof(s.fields) = 'array'
        order by f.value->>'id', s.created_at desc
      ) seen
      where id is not null
      order by created_at desc, label
      limit ${limit}`,
  );
}

/** A cell of the CSV: a checkbox field's options joined with "; ". */
const toCell = (value: unknown): string => {
  const shown = toValue(value);
  return Array.isArray(shown) ? shown.join('; ') : shown;
};

/**
 * A form's submissions as CSV, newest first: "Submitted at", one column per field of the form now (its label
 * now), then the fields found only in older submissions (their last label, at most MAX_OLD_FIELD_COLUMNS).
 * Read a batch at a time by keyset, so one batch is in memory however many submissions there are; cells are
 * safe from formula injection. A form the member does not see: 404 before anything is sent.
 */
export async function submissionsCsv(db: Db, member: Member, formId: string): Promise<AsyncGenerator<string>> {
  const { form, older } = await asMember(
    db,
    member,
    async (tx) => {
      const form = await getVisibleFormFields(tx, member, formId);
      const current = new Set(form.fields.map((field) => field.id));
      const older = (await submittedFields(tx, member, formId, MAX_OLD_FIELD_COLUMNS + current.size))
        .filter((field) => !current.has(field.id))
        .slice(0, MAX_OLD_FIELD_COLUMNS);
      return { form, older };
    },
    { readOnly: true },
  );
  const columns = [...form.fields, ...older];

  return (async function* () {
    yield csvLines([[SUBMITTED_AT_HEADER, ...columns.map((field) => field.label)]]);
    let before: CursorKey | null = null;
    do {
      // A batch at a time as the member: the stream outlives any one request to the database.
      const rows: Awaited<ReturnType<typeof submissionsQuery>> = await asMember(
        db,
        member,
        (tx) => submissionsQuery(tx, member, formId, EXPORT_BATCH, before),
        { readOnly: true },
      );
      if (rows.length) {
        const cells = rows.map((row) => [row.createdAt, ...columns.map((field) => toCell((row.data ?? {})[field.id]))]);
        yield `\r\n${csvLines(cells)}`;
      }
      const last = rows.at(-1);
      before = rows.length === EXPORT_BATCH && last ? [last.createdKey, last.id] : null;
    } while (before);
    yield '\r\n';
  })();
}
