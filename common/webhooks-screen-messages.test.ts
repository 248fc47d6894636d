import { describe, expect, it } from 'vitest';
import { webhookEventTypes } from './webhooks';
import {
  formatDuration,
  webhookEventGroups,
  webhookEventLabel,
  webhookEventsSummary,
} from './webhooks-screen-messages';

describe('the webhooks screen’s words', () => {
  it('offers every event once, in a group', () => {
    const grouped = webhookEventGroups.flatMap((group) => group.events);
    expect([...grouped].sort()).toEqual([...webhookEventTypes].sort());
  });

  it('sums up an endpoint’s events in a line', () => {
    expect(webhookEventsSummary([...webhookEventTypes])).toBe('All events');
    expect(webhookEventsSummary(['deal.won', 'contact.created'])).toBe('Contact created, Deal won');
    expect(webhookEventsSummary(['contact.created', 'contact.updated', 'deal.won', 'task.created'])).toBe(
      'Contact created, Contact updated and 2 more',
    );
  });

  it('names the test event and leaves an unknown one as sent', () => {
    expect(webhookEventLabel('webhook.test')).toBe('Test event');
    expect(webhookEventLabel('contact.created')).toBe('Contact created');
    expect(webhookEventLabel('invoice.paid')).toBe('invoice.paid');
  });

  it('reads a duration in ms, then seconds', () => {
    expect(formatDuration(null)).toBe('-');
    expect(formatDuration(87)).toBe('87 ms');
    expect(formatDuration(1234)).toBe('1.2 s');
  });
});
