import { WEBHOOK_TEST_EVENT, webhookEventTypes, type WebhookEventType } from './webhooks';

/** The webhooks settings screen's words (issue 30); the server's refusals and toasts are `webhookMessages`. */
export const webhookScreenMessages = {
  title: 'Webhooks',
  description: 'Send your CRM’s events to your other tools as they happen, signed so they can trust them.',
  loading: 'Loading webhook endpoints',
  loadFailed: 'Failed to load webhook endpoints',
  empty: 'No webhook endpoints yet. Click Add endpoint to send events to another tool.',
  listLabel: 'Webhook endpoints',
  add: 'Add endpoint',
  createFailed: 'Failed to add webhook endpoint',
  edit: 'Edit endpoint',
  save: 'Save',
  saveFailed: 'Failed to save webhook endpoint',
  urlLabel: 'Endpoint URL',
  urlHint: 'The https:// address your tool receives events at.',
  descriptionLabel: 'Description',
  eventsLegend: 'Events to send',
  allEvents: 'All events',
  enabled: 'On',
  disabled: 'Off',
  failingSince: 'Failing since',
  /** The switch's name, before the endpoint's address. */
  switchLabel: 'Send events to',
  deliveryLog: 'Delivery log',
  delete: 'Delete endpoint',
  deleteConfirm: 'Delete this webhook endpoint?',
  deleteConfirmDetail: 'Its events stop at once and its delivery log is deleted. This cannot be undone.',
  deleteFailed: 'Failed to delete webhook endpoint',
  toggleFailed: 'Failed to turn the webhook endpoint on or off',
  secretTitle: 'Your endpoint’s signing secret',
  secretWarning: 'Copy this secret now: it will not be shown again.',
  secretLabel: 'Signing secret',
  copyLabel: 'Copy signing secret',
  copied: 'Signing secret copied',
  secretUsage:
    'Every delivery follows Standard Webhooks: it carries the headers webhook-id, webhook-timestamp and webhook-signature, an HMAC-SHA256 of the body made with this secret. Check it with a Standard Webhooks library (for example new Webhook(secret).verify(body, headers)) before trusting the event.',
  done: 'Done',
  back: 'Back to webhooks',
  notFound: 'This webhook endpoint does not exist, or is not yours to see.',
  sendTest: 'Send test event',
  testFailed: 'Failed to send the test event',
  refresh: 'Refresh',
  deliveriesTitle: 'Deliveries',
  deliveriesLoading: 'Loading deliveries',
  deliveriesLoadFailed: 'Failed to load deliveries',
  deliveriesEmpty: 'No deliveries yet. Click Send test event to try the endpoint.',
  deliveriesLabel: 'Deliveries, newest first',
  responseLabel: 'Response',
  noResponse: 'No response',
  durationLabel: 'Duration',
  attemptsLabel: 'Attempts',
  sentLabel: 'Sent',
  errorLabel: 'Error',
  createdLabel: 'Added',
} as const;

export const webhookStatusLabels = { delivered: 'Delivered', pending: 'Pending', failed: 'Failed' } as const;

/** Each event in words, as the Add endpoint dialog offers it. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  'contact.created': 'Contact created',
  'contact.updated': 'Contact updated',
  'contact.deleted': 'Contact deleted',
  'deal.created': 'Deal created',
  'deal.stage_changed': 'Deal stage changed',
  'deal.won': 'Deal won',
  'deal.lost': 'Deal lost',
  'deal.deleted': 'Deal deleted',
  'activity.completed': 'Activity completed',
  'task.created': 'Task created',
  'task.completed': 'Task completed',
  'task.assigned': 'Task assigned',
  'form_submission.received': 'Form submission received',
  'booking.created': 'Booking created',
  'booking.cancelled': 'Booking cancelled',
  'chat_lead.captured': 'Chat lead captured',
};

/** The events by area, each group a fieldset of the dialog; every event is in one group. */
export const webhookEventGroups: ReadonlyArray<{ label: string; events: readonly WebhookEventType[] }> = [
  { label: 'Contacts', events: ['contact.created', 'contact.updated', 'contact.deleted'] },
  { label: 'Deals', events: ['deal.created', 'deal.stage_changed', 'deal.won', 'deal.lost', 'deal.deleted'] },
  { label: 'Activities', events: ['activity.completed'] },
  { label: 'Tasks', events: ['task.created', 'task.completed', 'task.assigned'] },
  { label: 'Forms', events: ['form_submission.received'] },
  { label: 'Bookings', events: ['booking.created', 'booking.cancelled'] },
  { label: 'Chatbots', events: ['chat_lead.captured'] },
];

/** A delivery's event in words; the test event, and any the screen does not know, as sent. */
export function webhookEventLabel(type: string): string {
  if (type === WEBHOOK_TEST_EVENT) return 'Test event';
  return (webhookEventLabels as Record<string, string>)[type] ?? type;
}

/** An endpoint's events in a line: "All events", "Contact created, Deal won", or the first two "and 3 more". */
export function webhookEventsSummary(events: readonly WebhookEventType[]): string {
  if (webhookEventTypes.every((type) => events.includes(type))) return webhookScreenMessages.allEvents;
  const labels = webhookEventTypes.filter((type) => events.includes(type)).map((type) => webhookEventLabels[type]);
  if (labels.length <= 3) return labels.join(', ');
  return `${labels.slice(0, 2).join(', ')} and ${labels.length - 2} more`;
}

/** A delivery's time taken, as read: "120 ms", "1.2 s". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '-';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
