import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { webhookDeliveryStatuses } from '../../../../common/webhooks';
import { isOneOf } from './check-helpers';
import { createdAtColumn, idColumn, ownerColumn, updatedAtColumn, workspaceColumn } from './columns';

/**
 * A receiver of a workspace's events (issue 30), added by an Owner or Admin, who is its owner (`user_id`): told
 * when it is turned off, and the only one whose bookings it hears. The signing secret is sealed with SECRET_KEY, as
 * mail passwords are: the server needs it back to sign.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: idColumn(),
    workspaceId: workspaceColumn(),
    userId: ownerColumn(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The first failure of the deliveries failing since; cleared by a success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index('webhook_endpoints_workspace_idx').on(t.workspaceId, t.createdAt),
    // The personal events' endpoints (a booking's), looked up by their owner on each public booking.
    index('webhook_endpoints_user_idx').on(t.userId),
  ],
);

/**
 * The outbox: an event, written in the transaction of the change that caused it, so it exists exactly when the
 * change does. Its id is the deliveries' `webhook-id`. Written only when an endpoint hears it.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: idColumn(),
    workspaceId: workspaceColumn(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAtColumn(),
  },
  // A workspace deleted takes its events along.
  (t) => [index('webhook_events_workspace_idx').on(t.workspaceId)],
);

/** One event to one endpoint: written with the event, sent by the job queue until it succeeds or is given up. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    /** Handed to the job queue: the dispatcher sends each pending delivery once. */
    queued: boolean('queued').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    createdAt: createdAtColumn(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  },
  (t) => [
    check('webhook_deliveries_status_check', isOneOf(t.status, webhookDeliveryStatuses)),
    // The endpoint's log, newest first.
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt.desc(), t.id.desc()),
    // An event's deliveries, for its delete.
    index('webhook_deliveries_event_idx').on(t.eventId),
    // What the dispatcher has still to hand to the queue.
    index('webhook_deliveries_unqueued_idx')
      .on(t.createdAt)
      .where(sql`not ${t.queued}`),
  ],
);

/** The trigger that announces an endpoint turned on or off to every server process (migration 0029). */
export const webhookEndpointsTriggers = ['webhook_endpoints_announce'] as const;
