import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { FORM_CSS_VERSION } from '@common/form-css';
import {
  checkSubmission,
  formMessages,
  type FormField,
  type PublicForm,
  type SubmissionReceipt,
  type SubmittedValue,
  type submissionInputSchema,
} from '@common/forms';
import type { Db } from '../../../db/client';
import type { Member } from '../../../db/member-scope';
import { formSubmissions, forms } from '../../../db/schema';
import { attemptCounters, countedAttempts, refuseOverLimits, type AttemptLimit } from '../../../http/attempt-limits';
import { AppError, sqlStateOf } from '../../../errors';
import { scopedCssOf } from '../scoped-css';
import { readFields, readSettings, readStyle, safeRedirectUrl } from '../stored';
import { selectRows } from '../../../db/select-rows';
import { addWantedNotification, wantedNotificationSql, type NewNotification } from '../../notifications/notify';
import { emitEvent } from '../../webhooks/emit';
import { createLead, mappedValues } from './lead';

// The public form page and its submissions (decisions.md items 11, 13): what a visitor may see of a form, and
// what a submission stores. Every submission is treated as hostile: it is checked against the stored form's own
// fields, and only the checked values are kept.

type SubmissionRequest = z.output<typeof submissionInputSchema>;

export const formNotFound = () => new AppError(404, formMessages.formNotFound);

/** A keyed hash of the sender's address: submissions from one address can be told apart, the address never read back. */
export function hashIp(secret: string, ip: string): string {
  return createHmac('sha256', secret).update(`form-submission-ip\n${ip}`).digest('base64url');
}

/**
 * The form; with `earlierKey`, also the id of the submission stored under that key (one round trip for both). The
 * subqueries name the form's columns in full: a select of one table renders its columns unqualified, and inside a
 * subquery an unqualified "id" is the subquery's own table's.
 */
export async function findForm(db: Db, id: string, earlierKey?: string, attempts: AttemptLimit[] = []) {
  const [row] = await db
    .with(...attemptCounters(db, attempts))
    .select({
      counted: attempts.length ? countedAttempts(attempts) : sql<null>`null`,
      earlierId: earlierKey
        ? sql<string | null>`(select ${formSubmissions.id} from ${formSubmissions}
            where ${formSubmissions.formId} = "forms"."id" and ${formSubmissions.idempotencyKey} = ${earlierKey})`
        : sql<null>`null`,
      id: forms.id,
      userId: forms.userId,
      workspaceId: forms.workspaceId,
      name: forms.name,
      description: forms.description,
      fields: forms.fields,
      settings: forms.settings,
      style: forms.style,
      scopedCss: forms.scopedCss,
      scopedCssVersion: forms.scopedCssVersion,
      // Whether the submission may have an event to write (webhooks/emit.ts).
      webhooks: sql<boolean>`exists (select 1 from webhook_endpoints e
        where e.workspace_id = "forms"."workspace_id" and e.enabled)`,
    })
    .from(forms)
    .where(eq(forms.id, id));
  refuseOverLimits(attempts, row?.counted, formMessages.tooMany);
  if (!row) throw formNotFound();
  return row;
}

/** GET /api/public/forms/:id: the form as a visitor needs it; no owner, no mapping, no deal stage. */
export async function getPublicForm(db: Db, id: string): Promise<PublicForm> {
  const row = await findForm(db, id);
  const { customCss, ...style } = readStyle(row.style);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    fields: readFields(row.fields),
    successMessage: readSettings(row.settings).successMessage,
    redirectUrl: safeRedirectUrl(row.settings),
    // Scoped when the form was saved; a form saved under older rules is scoped here until the start's rescoping.
    style: { ...style, scopedCss: row.scopedCssVersion === FORM_CSS_VERSION ? row.scopedCss : scopedCssOf(customCss) },
  };
}

async function submissionByKey(db: Db, formId: string, key: string) {
  const [row] = await db
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.idempotencyKey, key)));
  return row;
}

/** The bell's line for a submission: the sender's name and e-mail when the form asks for them. */
function summaryOf(fields: FormField[], values: Record<string, SubmittedValue>, mapped: Record<string, string>) {
  const text = (value: SubmittedValue | undefined) => (Array.isArray(value) ? value.join('; ') : value);
  const firstOfType = (type: string) => text(values[fields.find((f) => f.type === type && values[f.id])?.id ?? '']);
  const parts = [mapped.contact_name ?? firstOfType('name'), mapped.contact_email ?? firstOfType('email')].filter(
    (part): part is string => Boolean(part),
  );
  if (!parts.length) {
    const first = fields.find((field) => values[field.id] !== undefined);
    if (first) parts.push(`${first.label}: ${text(values[first.id])}`);
  }
  const summary = parts.join(' · ');
  return summary.length > 200 ? `${summary.slice(0, 199)}…` : summary || null;
}

/** A concurrent retry with the same key won (23505), or the server's stricter isolation refused one of two. */
const LOST_RACE = new Set(['23505', '40001', '40P01']);

export interface SubmitResult {
  /** false: the idempotency key was used before, and `receipt` is of the submission it stored. */
  created: boolean;
  receipt: SubmissionReceipt;
}

/**
 * POST /api/public/forms/:id/submissions. A filled honeypot answers like a success and stores nothing; a key used
 * before answers the submission it stored; values failing the form's own rules: 400 with a message per field.
 * Otherwise one transaction stores the submission (with the fields as they are now), counts it on the form,
 * makes the lead (autoCreateDeal) and the owner's notification (notifyOnSubmission). Retries racing with one key
 * store one submission and one deal: the key's unique constraint holds the second until the first commits.
 */
export async function submitForm(
  db: Db,
  formId: string,
  input: SubmissionRequest,
  ipHash: string | null,
  attempts: AttemptLimit[] = [],
): Promise<SubmitResult> {
  // The attempts counted, the form and the key's earlier submission in one statement.
  const form = await findForm(db, formId, input.idempotencyKey, attempts);
  const settings = readSettings(form.settings);
  const receiptFor = (id: string): SubmissionReceipt => ({
    id,
    successMessage: settings.successMessage,
    redirectUrl: safeRedirectUrl(form.settings),
  });
  if (input.honeypot?.trim()) return { created: true, receipt: receiptFor(randomUUID()) };

  if (form.earlierId) return { created: false, receipt: receiptFor(form.earlierId) };

  const fields = readFields(form.fields);
  const { values, errors } = checkSubmission(fields, input.values);
  if (Object.keys(errors).length) throw new AppError(400, formMessages.fixFields, errors);
  // The submission acts for the form's owner, in the form's workspace.
  const owner: Member = {
    workspaceId: form.workspaceId,
    userId: form.userId,
    ownOnly: false,
    webhooks: form.webhooks,
  };

  const submission = {
    formId,
    userId: form.userId,
    workspaceId: form.workspaceId,
    data: values,
    fields: fields.map((field) => ({ id: field.id, label: field.label, type: field.type })),
    ipHash,
    idempotencyKey: input.idempotencyKey,
  };
  const notification = (id: string): NewNotification => ({
    userId: form.userId,
    kind: 'form_submission',
    title: `New submission: ${form.name}`,
    body: summaryOf(fields, values, mappedValues(settings, values)),
    link: `/app/forms/${formId}/submissions?submission=${id}`,
    sourceId: id,
  });

  try {
    // Without a lead to make or an event to write, the submission, its notification and the form's count are one
    // statement, atomic on its own: a public write's time is mostly its round trips.
    const id =
      !settings.autoCreateDeal && !form.webhooks
        ? await storeSubmissionAlone(db, submission, settings.notifyOnSubmission ? notification : null)
        : await db.transaction(async (tx) => {
            const [row] = await tx
              .insert(formSubmissions)
              .values(submission)
              .onConflictDoNothing({ target: [formSubmissions.formId, formSubmissions.idempotencyKey] })
              .returning({ id: formSubmissions.id, createdAt: formSubmissions.createdAt });
            // The same key committed meanwhile: nothing more to do here, the caller answers that submission.
            if (!row) return null;
            const lead = settings.autoCreateDeal ? await createLead(tx, owner, form.name, settings, values) : null;
            if (lead) {
              await tx
                .update(formSubmissions)
                .set({
                  createdContactId: lead.contactId,
                  createdDealId: lead.dealId,
                  dealSkippedReason: lead.dealSkippedReason,
                })
                .where(eq(formSubmissions.id, row.id));
            }
            // The submission as the submissions list answers it, with its form.
            await emitEvent(tx, owner, 'form_submission.received', {
              id: row.id,
              formId,
              formName: form.name,
              createdAt: row.createdAt.toISOString(),
              data: values,
              fields: fields.map((field) => ({ id: field.id, label: field.label, type: field.type })),
              dealId: lead?.dealId ?? null,
              contactId: lead?.contactId ?? null,
              dealSkippedReason: lead?.dealSkippedReason ?? null,
            });
            if (settings.notifyOnSubmission) await addWantedNotification(tx, 'formSubmissions', notification(row.id));
            // Last, so the form's row is locked only for the end of the transaction.
            await tx
              .update(forms)
              .set({ submissionCount: sql`${forms.submissionCount} + 1` })
              .where(eq(forms.id, formId));
            return row.id;
          });
    if (id) return { created: true, receipt: receiptFor(id) };
  } catch (error) {
    const state = sqlStateOf(error);
    // The form was deleted while this was being stored.
    if (state === '23503') throw formNotFound();
    if (!state || !LOST_RACE.has(state)) throw error;
  }
  const same = await submissionByKey(db, formId, input.idempotencyKey);
  // Refused by the database's isolation with nothing stored: the page lets the visitor send it again.
  if (!same) throw new AppError(409, formMessages.submitFailed);
  return { created: false, receipt: receiptFor(same.id) };
}

/**
 * A submission with no lead and no event, as one statement: the row (none when its key was stored meanwhile), the
 * owner's notification (`notify` of the new id) if they want it, and the form's count.
 */
async function storeSubmissionAlone(
  db: Db,
  submission: typeof formSubmissions.$inferInsert,
  notify: ((id: string) => NewNotification) | null,
): Promise<string | null> {
  const id = randomUUID();
  const stored = db
    .insert(formSubmissions)
    .values({ ...submission, id })
    .onConflictDoNothing({ target: [formSubmissions.formId, formSubmissions.idempotencyKey] })
    .returning({ id: formSubmissions.id });
  const notified = notify ? wantedNotificationSql('formSubmissions', notify(id), sql`from stored`) : sql`select 1`;
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`with stored as (${stored.getSQL()}), notified as (${notified}), counted as (
        update ${forms} set submission_count = submission_count + 1
        where ${forms.id} = ${submission.formId} and exists (select 1 from stored)
      )
      select id from stored`,
  );
  return row?.id ?? null;
}
