import { z } from 'zod';
import { pageOf } from './http';

/**
 * What a webhook endpoint can hear (issue 30). A shared record's events go to the endpoints of its workspace; a
 * booking's, which belongs to the member whose page was booked, only to that member's own endpoints.
 */
export const webhookEventTypes = [
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'deal.created',
  'deal.stage_changed',
  'deal.won',
  'deal.lost',
  'deal.deleted',
  'activity.completed',
  'task.created',
  'task.completed',
  'task.assigned',
  'form_submission.received',
  'booking.created',
  'booking.cancelled',
  'chat_lead.captured',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The event "Send test event" sends: no endpoint subscribes to it, each can be sent it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Personal events: a member's bookings are theirs, not the workspace's. */
export const personalWebhookEvents: readonly WebhookEventType[] = ['booking.created', 'booking.cancelled'];

/** Endpoints one workspace may have. */
export const MAX_WEBHOOK_ENDPOINTS = 20;
/** A delivery waits this long for an answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** An endpoint whose deliveries have failed for this long is turned off and its owner told. */
export const WEBHOOK_FAILING_HOURS = 24;

export const webhookMessages = {
  adminOnly: 'Only an Owner or Admin can manage webhooks',
  urlRequired: 'Endpoint URL is required',
  urlInvalid: 'Enter a full https:// address',
  urlTooLong: 'Endpoint URL must be at most 2,000 characters',
  urlNotHttps: 'Use an https:// address (http only for this server’s own network, when the operator allows it)',
  urlPrivate: 'This address is on a private network, which this server does not call',
  eventsRequired: 'Choose at least one event',
  eventUnknown: 'Unknown event',
  descriptionTooLong: 'Description must be at most 200 characters',
  tooMany: `A workspace can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`,
  created: 'Webhook endpoint added',
  updated: 'Webhook endpoint saved',
  deleted: 'Webhook endpoint deleted',
  testSent: 'Test event sent',
  disabledTitle: 'Webhook endpoint turned off',
  disabledBody: `Its deliveries failed for ${WEBHOOK_FAILING_HOURS} hours. Fix the receiver, then turn it on again.`,
} as const;

/** The scheme of an address, or '' when it is none. */
function protocolOf(value: string): string {
  try {
    return new URL(value).protocol;
  } catch {
    return '';
  }
}

const urlSchema = z
  .string({ message: webhookMessages.urlRequired })
  .trim()
  .min(1, webhookMessages.urlRequired)
  .max(2000, webhookMessages.urlTooLong)
  .refine((value) => /^https?:$/.test(protocolOf(value)), webhookMessages.urlInvalid);

const eventsSchema = z
  .array(z.enum(webhookEventTypes, { message: webhookMessages.eventUnknown }), {
    message: webhookMessages.eventsRequired,
  })
  .min(1, webhookMessages.eventsRequired)
  .max(webhookEventTypes.length)
  .transform((events) => [...new Set(events)]);

export const webhookEndpointInputSchema = z.strictObject({
  url: urlSchema,
  events: eventsSchema,
  description: z.string().trim().max(200, webhookMessages.descriptionTooLong).default(''),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookEndpointUpdateSchema = z.strictObject({
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
  description: z.string().trim().max(200, webhookMessages.descriptionTooLong).optional(),
  enabled: z.boolean().optional(),
});

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  enabled: z.boolean(),
  /** Since when its deliveries have failed, or null. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** Once, when the endpoint is made: the secret its deliveries are signed with (Standard Webhooks, `whsec_…`). */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventType: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  /** The receiver's last answer, or null when it gave none (timeout, refused connection). */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET /api/webhooks/:id/deliveries: newest first, paged by cursor. */
export const webhookDeliveryPageSchema = pageOf(webhookDeliverySchema);
