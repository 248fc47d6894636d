import { sql } from 'drizzle-orm';
import { personalWebhookEvents, type WebhookEventType } from '@common/webhooks';
import type { Db, Tx } from '../../db/client';
import { toJsonb } from '../chatbots/sql';

/**
 * Where an event happened: the workspace of a shared record's event, and the member who caused it; a personal
 * event (a booking) goes to the endpoints of the member it belongs to, in whichever of their workspaces.
 */
export interface EventSource {
  workspaceId?: string;
  userId: string;
  /** False when the request already knows the workspace has no endpoint turned on: then nothing is written. */
  webhooks?: boolean;
}

/**
 * Writes an event to the outbox, with a delivery for each endpoint that hears it, in the caller's transaction:
 * committed with the change that caused it, or not at all. One statement, and nothing written when no endpoint
 * hears it. `data` is the record as the API answers it.
 */
export async function emitEvent(db: Db | Tx, source: EventSource, type: WebhookEventType, data: unknown) {
  if (source.webhooks === false) return;
  const personal = personalWebhookEvents.includes(type);
  if (!personal && !source.workspaceId) throw new Error(`A ${type} event needs its workspace`);
  await db.execute(sql`with targets as (
      select id, workspace_id from webhook_endpoints
      where ${personal ? sql`user_id = ${source.userId}` : sql`workspace_id = ${source.workspaceId}`}
        and enabled and ${type} = any(events)
    ), event as (
      insert into webhook_events (workspace_id, type, payload)
      select (select workspace_id from targets limit 1), ${type}, ${toJsonb(data)}::jsonb
      where exists (select 1 from targets)
      returning id
    )
    insert into webhook_deliveries (endpoint_id, event_id) select t.id, e.id from targets t cross join event e`);
}
