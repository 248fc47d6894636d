import { z } from 'zod';
import { timeZoneSchema } from './tasks';

export const calendarMessages = {
  loadFailed: 'Failed to load activities and appointments',
  rangeInvalid: 'Choose a range of at most 45 days',
  // Calendar Integration (decisions.md item 12): beyond the spec, in its toast style.
  integrationLoadFailed: 'Failed to load calendar integration',
  integrationSaved: 'Calendar integration saved successfully',
  integrationSaveFailed: 'Failed to save calendar integration',
  feedRegenerated: 'Subscription URL regenerated. The old URL no longer works.',
  feedRegenerateFailed: 'Failed to regenerate subscription URL',
  feedCopied: 'Subscription URL copied to clipboard',
  clientIdInvalid: 'Client ID must be at most 300 characters',
  clientSecretInvalid: 'Client secret must be at most 300 characters',
} as const;

/** The filter bar (part 2 §2), in its order; each kind's colour follows part 2 §4. */
export const calendarFilters = ['all', 'activity', 'booking', 'task'] as const;
export type CalendarFilter = (typeof calendarFilters)[number];
export const calendarFilterLabels: Record<CalendarFilter, string> = {
  all: 'All',
  activity: 'Activities',
  booking: 'Appointments',
  task: 'Tasks',
};

export const calendarEventKinds = ['task', 'activity', 'booking'] as const;
export type CalendarEventKind = (typeof calendarEventKinds)[number];
/** Tasks blue, activities purple, appointments green (part 2 §4). */
export const calendarEventColors: Record<CalendarEventKind, 'blue' | 'purple' | 'green'> = {
  task: 'blue',
  activity: 'purple',
  booking: 'green',
};

/** The longest range one request may ask for: the month view's 42 days, with room for a time-zone change. */
export const MAX_CALENDAR_RANGE_DAYS = 45;
/** At most this many events of each kind in one range; past it the count reads "500+". */
export const CALENDAR_KIND_CAP = 500;

/** The most events of each kind a day of the month view may ask for (`perDay`). */
export const CALENDAR_PER_DAY_MAX = 10;

/**
 * GET /api/calendar?from&to: every event starting in [from, to) and every busy time overlapping it, one request per
 * visible range. With `perDay` (the month view), only the first `perDay` events of each kind on each day of `tz`,
 * and `days`, how many there are.
 */
export const calendarQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, message: calendarMessages.rangeInvalid }),
    to: z.iso.datetime({ offset: true, message: calendarMessages.rangeInvalid }),
    perDay: z.coerce
      .number()
      .int()
      .min(1)
      .max(CALENDAR_PER_DAY_MAX, `At most ${CALENDAR_PER_DAY_MAX} events a day`)
      .optional(),
    tz: timeZoneSchema.default('UTC'),
  })
  .refine(
    ({ from, to }) => {
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      return days > 0 && days <= MAX_CALENDAR_RANGE_DAYS;
    },
    { message: calendarMessages.rangeInvalid, path: ['to'] },
  );
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

const eventBase = {
  id: z.string(),
  title: z.string(),
  /** ISO timestamp: a task's or activity's due date, a booking's scheduled start. */
  start: z.string(),
};

export const calendarEventSchema = z.discriminatedUnion('kind', [
  z.object({
    ...eventBase,
    kind: z.literal('task'),
    status: z.string(),
    isMilestone: z.boolean(),
  }),
  z.object({
    ...eventBase,
    kind: z.literal('activity'),
    /** The title is the activity's description; these are the details shown on click. */
    activityType: z.string(),
    priority: z.string(),
    status: z.string(),
    dealId: z.string(),
    dealName: z.string(),
  }),
  z.object({
    ...eventBase,
    kind: z.literal('booking'),
    /** The title is the booker's name. */
    end: z.string(),
    bookerEmail: z.string(),
    notes: z.string().nullable(),
    status: z.string(),
  }),
]);
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarKindCountSchema = z.object({ count: z.number().int(), hasMore: z.boolean() });

/**
 * A busy time of the user's own external (CalDAV) calendars overlapping the range (issue 31): personal, whatever the
 * workspace. Never a record of the product, so no id and nothing to open but its time.
 */
export const calendarBusyBlockSchema = z.object({
  start: z.string(),
  end: z.string(),
  /** Whole days in the user's time zone (their scheduling settings'): an all-day event of their calendar. */
  allDay: z.boolean(),
  /** Only when the user chose "show titles" for their calendar and the event has one; otherwise absent. */
  title: z.string().optional(),
});
export type CalendarBusyBlock = z.infer<typeof calendarBusyBlockSchema>;

/** What the calendar screen calls an external busy time, whose title is hidden or empty. */
export const calendarBusyText = {
  label: 'Busy',
  allDay: 'All day',
  details: 'Busy time',
  source: 'From your connected calendar',
  when: 'When',
  title: 'Title',
} as const;

export const calendarDayCountSchema = z.object({
  /** YYYY-MM-DD in the asked time zone. */
  date: z.string(),
  task: z.number().int(),
  activity: z.number().int(),
  booking: z.number().int(),
});
export type CalendarDayCount = z.infer<typeof calendarDayCountSchema>;

export const calendarSchema = z.object({
  /** Ordered by start. */
  events: z.array(calendarEventSchema),
  counts: z.object({
    task: calendarKindCountSchema,
    activity: calendarKindCountSchema,
    booking: calendarKindCountSchema,
  }),
  /** The user's busy times overlapping [from, to), by start: at most CALENDAR_KIND_CAP, `hasMore` past it. */
  busy: z.object({ blocks: z.array(calendarBusyBlockSchema), hasMore: z.boolean() }),
  /**
   * Asked with `perDay`: each day of `tz` with events, with how many of each kind start in it (of each kind's first
   * CALENDAR_KIND_CAP in the range), of which `events` holds the first `perDay`.
   */
  days: z.array(calendarDayCountSchema).optional(),
});
export type Calendar = z.infer<typeof calendarSchema>;

/** GET /api/calendar/integration: the secret only masked (decisions.md item 5), the private feed's path. */
export const calendarIntegrationSchema = z.object({
  googleClientId: z.string().nullable(),
  /** e.g. "••••••••ab12", or null when none is stored. */
  googleClientSecretMasked: z.string().nullable(),
  /** /api/calendar/feed/{token}.ics — the browser prefixes its own origin. */
  feedPath: z.string(),
});
export type CalendarIntegration = z.infer<typeof calendarIntegrationSchema>;

/**
 * PUT /api/calendar/integration. A secret left out keeps the stored one ("unchanged"); an empty string clears it.
 * An empty client id is stored as null.
 */
export const calendarIntegrationInputSchema = z.object({
  googleClientId: z
    .string()
    .trim()
    .max(300, calendarMessages.clientIdInvalid)
    .nullish()
    .transform((v) => v || null),
  googleClientSecret: z.string().trim().max(300, calendarMessages.clientSecretInvalid).optional(),
});
export type CalendarIntegrationInput = z.input<typeof calendarIntegrationInputSchema>;

/** The iCalendar feed covers this window around now, at most this many items of each kind. */
export const FEED_PAST_DAYS = 90;
export const FEED_FUTURE_DAYS = 365;
export const FEED_KIND_CAP = 2000;
