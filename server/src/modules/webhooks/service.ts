import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_TEST_EVENT,
  webhookMessages,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@common/webhooks';
import type { Db } from '../../db/client';
import { beforeKey, keysetPage } from '../../db/keyset';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { CursorKey, KeysetPage } from '../../http/cursor';
import type { SecretBox } from '../../secrets/secret-box';
import type { Member } from '../../db/member-scope';
import { toJsonb } from '../chatbots/sql';
import { checkEndpointUrl } from './endpoint-url';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64, which the receivers' libraries read. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

const inWorkspace = (member: Member, id: string) =>
  and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, member.workspaceId));

export async function listEndpoints(db: Db, member: Member): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, member.workspaceId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id)
    .limit(MAX_WEBHOOK_ENDPOINTS);
  return rows.map(toEndpoint);
}

export interface EndpointValues {
  url: string;
  events: WebhookEventType[];
  description: string;
}

/** A new endpoint, its secret answered this once. Refused past MAX_WEBHOOK_ENDPOINTS (serialised per workspace). */
export function createEndpoint(
  db: Db,
  member: Member,
  values: EndpointValues,
  { secrets, allowPrivate }: { secrets: SecretBox; allowPrivate: boolean },
): Promise<WebhookEndpoint & { secret: string }> {
  const url = checkEndpointUrl(values.url, allowPrivate);
  const secret = newSecret();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${member.workspaceId}`}, 0))`);
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.workspaceId, member.workspaceId));
    if ((existing?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw new AppError(400, webhookMessages.tooMany);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        workspaceId: member.workspaceId,
        userId: member.userId,
        url,
        events: values.events,
        description: values.description,
        secretSealed: secrets.encrypt(secret),
      })
      .returning();
    return { ...toEndpoint(row!), secret };
  });
}

export async function updateEndpoint(
  db: Db,
  member: Member,
  id: string,
  values: Partial<EndpointValues> & { enabled?: boolean },
  { allowPrivate }: { allowPrivate: boolean },
): Promise<WebhookEndpoint> {
  const url = values.url === undefined ? undefined : checkEndpointUrl(values.url, allowPrivate);
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(url !== undefined && { url }),
      ...(values.events !== undefined && { events: values.events }),
      ...(values.description !== undefined && { description: values.description }),
      // Turned on again: its failures start anew.
      ...(values.enabled !== undefined && { enabled: values.enabled, failingSince: null }),
      updatedAt: new Date(),
    })
    .where(inWorkspace(member, id))
    .returning();
  if (!row) throw notFound();
  return toEndpoint(row);
}

export async function deleteEndpoint(db: Db, member: Member, id: string): Promise<void> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(inWorkspace(member, id))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw notFound();
}

/** The endpoint's delivery log, newest first, paged by cursor. */
export async function listDeliveries(
  db: Db,
  member: Member,
  id: string,
  { limit, after }: { limit: number; after: CursorKey | null },
): Promise<KeysetPage<WebhookDelivery>> {
  const [endpoint] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(inWorkspace(member, id));
  if (!endpoint) throw notFound();
  const createdAt = sql<string>`to_char(${webhookDeliveries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookEvents.type,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      responseStatus: webhookDeliveries.responseStatus,
      durationMs: webhookDeliveries.durationMs,
      error: webhookDeliveries.error,
      createdAt,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(eq(webhookDeliveries.endpointId, id), beforeKey(webhookDeliveries.createdAt, webhookDeliveries.id, after)),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit + 1);
  return keysetPage(
    rows,
    limit,
    (row) => [row.createdAt, row.id],
    (row) => ({
      ...row,
      status: row.status as WebhookDelivery['status'],
      createdAt: new Date(row.createdAt).toISOString(),
      lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    }),
  );
}

/** "Send test event": a `webhook.test` event to this endpoint alone, delivered as any other. */
export async function sendTestEvent(db: Db, member: Member, id: string): Promise<void> {
  const [endpoint] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(inWorkspace(member, id));
  if (!endpoint) throw notFound();
  await db.execute(sql`with event as (
      insert into webhook_events (workspace_id, type, payload)
      values (${member.workspaceId}, ${WEBHOOK_TEST_EVENT}, ${toJsonb({ endpointId: id })}::jsonb)
      returning id
    )
    insert into webhook_deliveries (endpoint_id, event_id) select ${id}, id from event`);
}
