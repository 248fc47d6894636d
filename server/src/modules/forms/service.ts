import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { formEmbedCode, type Form, type formInputSchema } from '@common/forms';
import type { Db, Tx } from '../../db/client';
import { beforeKey, keysetPage } from '../../db/keyset';
import { ownedBy, visibleTo, type Member } from '../../db/member-scope';
import { forms } from '../../db/schema';
import { notFound } from '../../errors';
import type { CursorKey, KeysetPage } from '../../http/cursor';
import { scopedCssColumns } from './scoped-css';
import { microsecondKey, readFields, readSettings, readStyle } from './stored';

// The workspace's forms (part 2 §7: select all by workspace_id newest first, insert, update, delete by id), as the
// member sees them.

export type FormValues = z.output<typeof formInputSchema>;

const formColumns = {
  id: forms.id,
  name: forms.name,
  description: forms.description,
  fields: forms.fields,
  settings: forms.settings,
  style: forms.style,
  submissionCount: forms.submissionCount,
  createdAt: forms.createdAt,
  updatedAt: forms.updatedAt,
};
type FormRow = { [K in keyof typeof formColumns]: (typeof forms.$inferSelect)[K] };

/** A Form as the app shows it; `publicUrl` makes its embed code (decisions.md item 14). */
export function toForm(row: FormRow, publicUrl: string): Form {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    fields: readFields(row.fields),
    settings: readSettings(row.settings),
    style: readStyle(row.style),
    submissionCount: row.submissionCount,
    embedCode: formEmbedCode(publicUrl, row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const visibleForm = (member: Member, id: string) => and(eq(forms.id, id), visibleTo(forms, member));

export interface FormListQuery {
  limit: number;
  before: CursorKey | null;
}

/** A page of the forms the member sees, newest first, before a position: forms_workspace_created_idx answers it. */
export async function listForms(
  db: Db,
  member: Member,
  { limit, before }: FormListQuery,
  publicUrl: string,
): Promise<KeysetPage<Form>> {
  const rows = await listFormsQuery(db, member, { limit, before });
  return keysetPage(
    rows,
    limit,
    (row) => [row.createdKey, row.id],
    (row) => toForm(row, publicUrl),
  );
}

/** The list's query itself (the plan test explains it). */
export function listFormsQuery(db: Db, member: Member, { limit, before }: FormListQuery) {
  return db
    .select({ ...formColumns, createdKey: sql<string>`${microsecondKey('forms.created_at')}` })
    .from(forms)
    .where(and(visibleTo(forms, member), beforeKey(forms.createdAt, forms.id, before)))
    .orderBy(desc(forms.createdAt), desc(forms.id))
    .limit(limit + 1);
}

export async function getForm(db: Db | Tx, member: Member, id: string, publicUrl: string): Promise<Form> {
  const [row] = await db.select(formColumns).from(forms).where(visibleForm(member, id));
  if (!row) throw notFound();
  return toForm(row, publicUrl);
}

/** The id and the fields of a form the member sees (the submissions' table and CSV); any other: 404. */
export async function getVisibleFormFields(db: Db, member: Member, id: string) {
  const [row] = await db.select({ id: forms.id, fields: forms.fields }).from(forms).where(visibleForm(member, id));
  if (!row) throw notFound();
  return { id: row.id, fields: readFields(row.fields) };
}

export async function createForm(db: Db, member: Member, input: FormValues, publicUrl: string): Promise<Form> {
  const [row] = await db
    .insert(forms)
    .values({ ...ownedBy(member), ...toColumns(input) })
    .returning(formColumns);
  return toForm(row!, publicUrl);
}

export async function updateForm(
  db: Db,
  member: Member,
  id: string,
  input: FormValues,
  publicUrl: string,
): Promise<Form> {
  const [row] = await db
    .update(forms)
    .set({ ...toColumns(input), updatedAt: new Date() })
    .where(visibleForm(member, id))
    .returning(formColumns);
  if (!row) throw notFound();
  return toForm(row, publicUrl);
}

/** Its submissions go with it (ON DELETE CASCADE); contacts and deals they created stay. */
export async function deleteForm(db: Db, member: Member, id: string): Promise<void> {
  const rows = await db.delete(forms).where(visibleForm(member, id)).returning({ id: forms.id });
  if (!rows.length) throw notFound();
}

/** Only the columns a user may set, and the CSS scoped from theirs: the owner, the count and the dates are the server's. */
function toColumns(input: FormValues) {
  return {
    name: input.name,
    description: input.description,
    fields: input.fields,
    settings: input.settings,
    style: input.style,
    ...scopedCssColumns(input.style.customCss),
  };
}
