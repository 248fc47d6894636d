// The bench's lines of forms: each request beside the SQL its cheapest server would run (see line.ts).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { submissionsQuery } from '../../server/src/modules/forms/submissions';
import { attemptCounters, builder, count, floorOf, type Line, type LineContext } from './line';
import { soloMember } from '../../server/src/db/member-scope';

/** A form's submissions page's floor: the form's own fields (the ownership check) and the page, as one statement. */
const submissionsFloor = (userId: string, formId: string) =>
  floorOf(sql`select (select fields from forms where id = ${formId} and workspace_id = ${userId}) as form_fields, page.*
    from (${submissionsQuery(builder, soloMember(userId), formId, 51, null)}) page`);

/**
 * A public form submission's floor: the attempt counted per address and per form, the form, the key's earlier
 * submission, the submission with the form's fields, the owner's notification and the form's count, as one statement.
 */
const submitFloorSql = `with ${attemptCounters('address', 'form')}, form as (
    select id, workspace_id, user_id, fields, settings from forms where id = $1
  ), earlier as (
    select id from form_submissions where form_id = $1 and idempotency_key = $3
  ), stored as (
    insert into form_submissions (form_id, workspace_id, user_id, data, fields, ip_hash, idempotency_key)
    select form.id, form.workspace_id, form.user_id, $2::jsonb,
      (select jsonb_agg(jsonb_build_object('id', e->>'id', 'label', e->>'label', 'type', e->>'type'))
        from jsonb_array_elements(form.fields) e),
      $4, $3
    from form where not exists (select 1 from earlier)
    returning id
  ), notified as (
    insert into notifications (user_id, kind, title, body, link, source_id)
    select form.user_id, 'form_submission', 'New submission', $5::text, null, stored.id from stored, form
  ), counted as (
    update forms set submission_count = submission_count + 1 where id = $1 and exists (select 1 from stored)
  )
  select stored.id, form.settings from stored, form`;

export function formLines({ f, size, headers }: LineContext): Line[] {
  const { userId } = f;
  // The floor submits to a form of its own: each of its submissions adds to its form's count, and a row updated
  // tens of thousands of times in half a minute slows every later read and update of it until it is vacuumed.
  const [pageForm, submitForm, floorForm] = f.formIds as [string, string, string];
  const [name, email, , plan, message] = f.fieldIds[1]!;
  const submitValues = {
    [name!]: 'Vera Visitor',
    [email!]: 'vera@example.com',
    [plan!]: 'Pro',
    [message!]: 'A demo, please.',
  };
  return [
    {
      name: `GET /api/forms/:id/submissions (first page of ${count(size.submissions / size.forms)})`,
      target: { method: 'GET', path: `/api/forms/${pageForm}/submissions?limit=50`, headers },
      ...submissionsFloor(userId, pageForm),
    },
    {
      name: 'POST /api/public/forms/:id/submissions',
      target: {
        method: 'POST',
        path: `/api/public/forms/${submitForm}/submissions`,
        headers: { 'content-type': 'application/json' },
        nextRequest: () => ({ body: JSON.stringify({ values: submitValues, idempotencyKey: randomUUID() }) }),
      },
      floorSql: submitFloorSql,
      floorParams: () => [floorForm, JSON.stringify(submitValues), randomUUID(), 'ip-hash', 'Vera Visitor'],
    },
  ];
}
