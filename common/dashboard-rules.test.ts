import { describe, expect, it } from 'vitest';
import { scheduleBadge } from './dashboard-rules';

const now = new Date('2026-03-05T12:00:00Z');
const earlier = '2026-03-05T09:00:00Z';
const later = '2026-03-05T15:00:00Z';

describe("Today's Schedule badge (part 1 §4)", () => {
  it('shows Completed first, whatever the time and priority', () => {
    for (const status of ['Done', 'completed']) {
      expect(scheduleBadge({ status, at: earlier, priority: 'high' }, now)).toBe('Completed');
    }
  });

  it('shows Overdue for an item not done whose time has passed, even a high-priority one', () => {
    expect(scheduleBadge({ status: 'pending', at: earlier, priority: 'high' }, now)).toBe('Overdue');
    expect(scheduleBadge({ status: 'To Do', at: earlier, priority: null }, now)).toBe('Overdue');
  });

  it('shows High Priority for a high-priority item still to come, else Upcoming', () => {
    expect(scheduleBadge({ status: 'pending', at: later, priority: 'high' }, now)).toBe('High Priority');
    expect(scheduleBadge({ status: 'pending', at: later, priority: 'medium' }, now)).toBe('Upcoming');
    expect(scheduleBadge({ status: 'Scheduled', at: later, priority: null }, now)).toBe('Upcoming');
  });
});
