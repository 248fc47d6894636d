/** The query keys of the calendar: other areas invalidate or read them through this factory, never by literal. */
export const calendarKeys = {
  all: ['calendar'] as const,
  range: (from: string, to: string, perDay?: number) => [...calendarKeys.all, from, to, perDay ?? 'all'] as const,
  integration: () => ['calendar-integration'] as const,
  caldav: () => ['calendar-integration', 'caldav'] as const,
};
