/**
 * The deal board's display rules (part 2 §4), pure so the browser and the tests share them.
 * "Today" is the viewer's calendar day in their time zone, never the server's: each rule takes
 * the time zone (the browser's, `Intl.DateTimeFormat().resolvedOptions().timeZone`) and the moment.
 */

export type StageBadgeVariant = 'success' | 'danger' | 'warning' | 'primary';

/** Won success, Lost danger, Negotiation warning, every other stage primary. */
export function stageBadgeVariant(stage: string): StageBadgeVariant {
  if (stage === 'Won') return 'success';
  if (stage === 'Lost') return 'danger';
  if (stage === 'Negotiation') return 'warning';
  return 'primary';
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of a moment in a time zone. */
export function localDate(moment: Date | string, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(typeof moment === 'string' ? new Date(moment) : moment);
}

/**
 * A deal not Won or Lost is expired once the end of its expected close day has passed,
 * i.e. when that day is before today where the viewer is.
 */
export function isDealExpired(
  deal: { stage: string; expectedCloseDate: string | null },
  now: Date,
  timeZone: string,
): boolean {
  if (!deal.expectedCloseDate || deal.stage === 'Won' || deal.stage === 'Lost') return false;
  return deal.expectedCloseDate < localDate(now, timeZone);
}

export type ActivityState = 'completed' | 'overdue' | 'dueToday' | 'upcoming';

/** Activity display labels of part 2 §4; a completed one shows its completion instead. */
export const activityStateLabels: Record<ActivityState, string> = {
  completed: 'Completed',
  overdue: 'Overdue',
  dueToday: 'Due Today',
  upcoming: 'Upcoming',
};

/**
 * By date, not by time (decisions item 9): an activity due at 08:00 today is "Due Today" at 17:00,
 * and "Overdue" only from tomorrow.
 */
export function activityState(
  activity: { status: string; dueDate: string },
  now: Date,
  timeZone: string,
): ActivityState {
  if (activity.status === 'completed') return 'completed';
  const due = localDate(activity.dueDate, timeZone);
  const today = localDate(now, timeZone);
  if (due < today) return 'overdue';
  return due === today ? 'dueToday' : 'upcoming';
}

export type NextActivityIndicator = 'none' | 'overdue' | 'dueToday' | 'upcoming';

/** Accessible names of the card's indicator (the colour alone says nothing to a screen reader). */
export const nextActivityLabels: Record<NextActivityIndicator, string> = {
  none: 'No activities',
  overdue: 'Next activity overdue',
  dueToday: 'Next activity due today',
  upcoming: 'Next activity upcoming',
};

/**
 * The card's indicator from its deal's next activity (the oldest pending one by due date):
 * none or completed → the yellow no-activities icon; overdue → red; due today → green.
 */
export function nextActivityIndicator(
  next: { status: string; dueDate: string } | null,
  now: Date,
  timeZone: string,
): NextActivityIndicator {
  if (!next) return 'none';
  const state = activityState(next, now, timeZone);
  return state === 'completed' ? 'none' : state;
}
