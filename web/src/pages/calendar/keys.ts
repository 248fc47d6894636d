/** The query keys of the calendar: other areas invalidate or read them through this factory, never by literal. */
export const calendarKeys = {
  all: ['calendar'] as const,
  range: (from: string, to: string) => [...calendarKeys.all, from, to] as const,
  integration: () => ['calendar-integration'] as const,
  caldav: () => ['calendar-integration', 'caldav'] as const,
};
