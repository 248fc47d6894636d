import { sql } from 'drizzle-orm';
import type { Deal, DealDetail } from '@common/deals';
import type { CursorKey } from '../../http/cursor';
import { personNameOf } from '../workspaces/person-name';

// The one way a Deal is read: the row, its contact's and its owner's names and its next activity, in the same query.

/** ISO 8601 in UTC; `US` keeps the microseconds a cursor needs (rows made in one statement share a millisecond). */
const iso = (column: string, precision: 'MS' | 'US') =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.${precision}"Z"')`);

/**
 * Select list over `d` (deals) and `na` (its next activity); the contact's name and the owner's are one primary-key
 * lookup each per deal.
 */
export const dealSelect = sql`d.id, d.name, d.pipeline_id, d.stage, d.value::text as value, d.currency,
  d.expected_close_date::text as expected_close_date, d.contact_id,
  (select c.name from contacts c where c.id = d.contact_id) as contact_name,
  d.user_id as owner_id, ${personNameOf(sql`d.user_id`)} as owner_name,
  ${iso('d.created_at', 'MS')} as created_at, ${iso('d.created_at', 'US')} as created_key,
  na.id as next_id, ${iso('na.due_date', 'MS')} as next_due`;

/**
 * Joins for `dealSelect` after a `d`: the next activity is the deal's oldest pending one by due date,
 * read through deal_activities_deal_status_due_idx, once per deal of the page.
 */
export const dealJoins = sql`left join lateral (
    select a.id, a.due_date from deal_activities a
    where a.deal_id = d.id and a.status = 'pending'
    order by a.due_date, a.id limit 1
  ) na on true`;

export interface DealRow {
  id: string;
  name: string;
  pipeline_id: string;
  stage: string;
  value: string | null;
  currency: Deal['currency'];
  expected_close_date: string | null;
  contact_id: string | null;
  contact_name: string | null;
  owner_id: string;
  owner_name: string;
  created_at: string;
  created_key: string;
  next_id: string | null;
  next_due: string | null;
}

/** One deal's row: the card's and what only its details show. */
export interface DealDetailRow extends DealRow {
  notes: string | null;
}

/** A column's keyset position: newest first, so (created_at, id) both descending. */
export const dealKey = (row: DealRow): CursorKey => [row.created_key, row.id];

export function toDeal(row: DealRow): Deal {
  return {
    id: row.id,
    name: row.name,
    pipelineId: row.pipeline_id,
    stage: row.stage,
    // numeric arrives as text to keep it exact; at most 14 digits, a double holds it.
    value: row.value === null ? null : Number(row.value),
    currency: row.currency,
    expectedCloseDate: row.expected_close_date,
    contactId: row.contact_id,
    contactName: row.contact_name,
    nextActivity: row.next_id && row.next_due ? { id: row.next_id, dueDate: row.next_due, status: 'pending' } : null,
    createdAt: row.created_at,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
  };
}

export function toDealDetail(row: DealDetailRow): DealDetail {
  return { ...toDeal(row), notes: row.notes };
}
